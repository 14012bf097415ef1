import type { PropertyDefinitionDto, PropertyType } from '@sheaf/contracts/properties';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import {
  emptyPropertyValueDraft,
  type PropertyValueDraft,
  PropertyValueInput,
  propertyValueDraftOf,
  readPropertyValueDraft,
} from './property-value-input';
import { propertyFixture, statusProperty } from './testing';

const typed = (type: PropertyType, overrides: Partial<PropertyDefinitionDto> = {}) =>
  propertyFixture({ id: `prop_${type}`, name: type, type, currency: null, ...overrides });

const tagsProperty = () =>
  propertyFixture({
    id: 'prop_labels',
    name: 'Labels',
    type: 'multi_select',
    currency: null,
    options: [
      { id: 'opt_a', name: 'Alpha', color: '#ffa24d' },
      { id: 'opt_b', name: 'Beta', color: '#7fd962' },
    ],
  });

/** The input with its draft kept in state, reporting each change. */
function Harness({
  definition,
  initial = emptyPropertyValueDraft(definition),
  onChange,
  ...props
}: {
  definition: PropertyDefinitionDto;
  initial?: PropertyValueDraft;
  onChange?: (draft: PropertyValueDraft) => void;
} & Partial<Parameters<typeof PropertyValueInput>[0]>) {
  const [draft, setDraft] = useState(initial);
  return (
    <PropertyValueInput
      definition={definition}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        onChange?.(next);
      }}
      label="Value"
      {...props}
    />
  );
}

describe('readPropertyValueDraft', () => {
  test('reads each type into the value the contracts take, numbers in the locale’s way', () => {
    const read = (definition: PropertyDefinitionDto, draft: Partial<PropertyValueDraft>, locale = 'en') =>
      readPropertyValueDraft(definition, { ...emptyPropertyValueDraft(definition), ...draft }, locale);
    expect(read(typed('text'), { text: ' Hello ' })).toEqual({ value: 'Hello' });
    expect(read(typed('number'), { text: '1 234,5' }, 'fr')).toEqual({ value: 1234.5 });
    expect(read(typed('monetary'), { text: '12.50', currency: 'usd' })).toEqual({
      value: { amount: 12.5, currency: 'USD' },
    });
    expect(read(typed('date'), { text: '2026-02-28' })).toEqual({ value: '2026-02-28' });
    expect(read(typed('boolean'), { text: 'false' })).toEqual({ value: false });
    expect(read(statusProperty(), { text: 'opt_done' })).toEqual({ value: 'opt_done' });
    expect(read(tagsProperty(), { optionIds: ['opt_b', 'opt_a'] })).toEqual({ value: ['opt_b', 'opt_a'] });
    expect(read(typed('url'), { text: 'https://example.com' })).toEqual({ value: 'https://example.com' });
    expect(read(typed('member'), { text: 'user_1' })).toEqual({ value: 'user_1' });
  });

  test('tells a missing value from one the type refuses, and where the error is', () => {
    const read = (definition: PropertyDefinitionDto, draft: Partial<PropertyValueDraft>) =>
      readPropertyValueDraft(definition, { ...emptyPropertyValueDraft(definition), ...draft }, 'en');
    expect(read(typed('text'), { text: '  ' })).toEqual({ issue: 'required', path: 'value' });
    expect(read(typed('number'), { text: '1..2' })).toEqual({ issue: 'invalid', path: 'value' });
    expect(read(typed('monetary'), { text: '3', currency: 'EURO' })).toEqual({
      issue: 'invalid',
      path: 'currency',
    });
    expect(read(typed('date'), { text: '2026-02-30' })).toEqual({ issue: 'invalid', path: 'value' });
    expect(read(typed('boolean'), { text: '' })).toEqual({ issue: 'required', path: 'value' });
    expect(read(statusProperty(), { text: 'opt_gone' })).toEqual({ issue: 'invalid', path: 'value' });
    expect(read(tagsProperty(), { optionIds: [] })).toEqual({ issue: 'required', path: 'value' });
    expect(read(typed('url'), { text: 'ftp://example.com' })).toEqual({ issue: 'invalid', path: 'value' });
  });

  test('a value comes back as the draft its input shows', () => {
    const money = typed('monetary', { currency: 'EUR' });
    expect(propertyValueDraftOf(money, undefined, 'en')).toEqual({
      text: '',
      currency: 'EUR',
      optionIds: [],
    });
    expect(propertyValueDraftOf(money, { amount: 1234.5, currency: 'CHF' }, 'fr')).toMatchObject({
      text: '1234,5',
      currency: 'CHF',
    });
    expect(propertyValueDraftOf(tagsProperty(), ['opt_a'], 'en')).toMatchObject({ optionIds: ['opt_a'] });
    expect(propertyValueDraftOf(typed('boolean'), true, 'en')).toMatchObject({ text: 'true' });
  });
});

describe('PropertyValueInput', () => {
  test('each type has a control named by its label', () => {
    const cases: [PropertyDefinitionDto, string][] = [
      [typed('text'), 'textbox'],
      [typed('number'), 'textbox'],
      [typed('url'), 'textbox'],
      [typed('boolean'), 'switch'],
      [statusProperty(), 'combobox'],
      [typed('member'), 'combobox'],
      [tagsProperty(), 'group'],
    ];
    for (const [definition, role] of cases) {
      const { unmount } = renderWithProviders(<Harness definition={definition} label="The value" />);
      expect(screen.getByRole(role, { name: 'The value' })).toBeInTheDocument();
      unmount();
    }
    renderWithProviders(<Harness definition={typed('date')} label="The date" />);
    expect(screen.getByLabelText('The date')).toHaveAttribute('type', 'date');
  });

  test('an amount is typed with its currency, suggested from the known codes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        definition={typed('monetary', { currency: 'EUR' })}
        label="Amount"
        currencyLabel="Currency"
        onChange={onChange}
      />,
    );
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('EUR');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '12.5');
    await user.clear(currency);
    await user.type(currency, 'chf');
    expect(onChange).toHaveBeenLastCalledWith({ text: '12.5', currency: 'CHF', optionIds: [] });
  });

  test('options of a multi select toggle with Space and stay in the options’ order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness definition={tagsProperty()} onChange={onChange} />);
    screen.getByRole('checkbox', { name: 'Beta' }).focus();
    await user.keyboard(' ');
    await user.tab({ shift: true });
    expect(screen.getByRole('checkbox', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ optionIds: ['opt_a', 'opt_b'] }));
  });

  test('a condition on a multi select takes one option, and one on an amount a number', () => {
    const { unmount } = renderWithProviders(<Harness definition={tagsProperty()} purpose="condition" />);
    expect(screen.getByRole('combobox', { name: 'Value' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Harness definition={typed('monetary')} purpose="condition" />);
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  test('yes/no as a list is picked from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness definition={typed('boolean')} booleanControl="select" onChange={onChange} />,
    );
    screen.getByRole('combobox', { name: 'Value' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'No' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'false' }));
  });

  test('marks itself invalid and described by the error', () => {
    renderWithProviders(<Harness definition={typed('text')} invalid describedBy="error" />);
    const input = screen.getByRole('textbox', { name: 'Value' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'error');
  });
});
