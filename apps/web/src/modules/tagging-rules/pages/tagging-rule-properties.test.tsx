import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import {
  API_TAGGING_RULES,
  amountProperty,
  reviewedProperty,
  statusProperty,
  TAGGING_RULES_URL,
  taggingRuleFixture,
  taggingRulesHandlers,
} from '../testing';

const CREATE_URL = `${TAGGING_RULES_URL}/create`;
const properties = [amountProperty, reviewedProperty, statusProperty];

function handlers(rules = [taggingRuleFixture()]) {
  return {
    ...organizationHandlers(),
    ...taggingRulesHandlers({ rules, properties }),
    [`POST ${API_TAGGING_RULES}`]: (request: { body: unknown }) =>
      jsonResponse({ taggingRule: { ...rules[0], ...(request.body as object) } }, { status: 201 }),
    [`PUT ${API_TAGGING_RULES}/tr_1`]: (request: { body: unknown }) =>
      jsonResponse({ taggingRule: { ...rules[0], ...(request.body as object) } }),
  };
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a picker by its name and chooses an option, with the mouse. */
async function choose(user: User, picker: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: picker }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Each test works several pickers, each a popover that jsdom renders in about a second on a loaded machine.
describe('rules on properties, dates and file types', { timeout: 40_000 }, () => {
  test('adds a property condition and a set-property action, and sends typed values without tags', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(handlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Review paid bills');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await choose(user, 'Condition 1 field', 'Property');
    await choose(user, 'Condition 1 property', 'Status');
    // Operators fit a single select; its value is one of the options.
    await user.click(screen.getByRole('combobox', { name: 'Condition 1 operator' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'equals',
      'not equals',
      'is set',
      'is empty',
    ]);
    await user.click(screen.getByRole('option', { name: 'equals' }));
    await choose(user, 'Condition 1 value', 'Paid');

    await user.click(screen.getByRole('button', { name: 'Set a property' }));
    await choose(user, 'Property action 1 property', 'Reviewed');
    expect(screen.getByRole('combobox', { name: 'Property action 1 value' })).toHaveTextContent('Yes');
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    // A property action is enough: no tag is asked for.
    expect(await screen.findByText('Tagging rule created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === API_TAGGING_RULES)?.body).toEqual({
      name: 'Review paid bills',
      description: null,
      enabled: true,
      conditionMatchMode: 'all',
      conditions: [{ field: 'property', propertyId: 'prop_status', operator: 'equal', value: 'opt_paid' }],
      tagIds: [],
      setProperties: [{ propertyId: 'prop_reviewed', value: true }],
    });
  });

  test('a number condition takes a number as typed in the locale, and a file type condition starts at PDF', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(handlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Large bills');
    await user.click(screen.getByRole('checkbox', { name: 'Invoices' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await choose(user, 'Condition 1 field', 'Property');
    await choose(user, 'Condition 1 property', 'Amount');
    await choose(user, 'Condition 1 operator', 'greater than');
    const amount = screen.getByRole('textbox', { name: 'Condition 1 value' });
    await user.type(amount, 'lots');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await choose(user, 'Condition 2 field', 'File type');
    expect(screen.getByRole('combobox', { name: 'Condition 2 value' })).toHaveTextContent('PDF');

    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Enter a number, such as 12.5.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1,250.5');
    await waitFor(() => expect(screen.queryByText('Enter a number, such as 12.5.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('Tagging rule created')).toBeInTheDocument();
    expect(
      calls.find((call) => call.method === 'POST' && call.path === API_TAGGING_RULES)?.body,
    ).toMatchObject({
      conditions: [
        { field: 'property', propertyId: 'prop_amount', operator: 'greater_than', value: 1250.5 },
        { field: 'fileType', operator: 'equal', value: 'pdf' },
      ],
      tagIds: ['tag_invoices'],
    });
  });

  test('is operable with the keyboard: a document date condition and a monetary action', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(handlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Recent');
    await user.click(screen.getByRole('checkbox', { name: 'Invoices' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const field = screen.getByRole('combobox', { name: 'Condition 1 field' });
    field.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Document date' }));
    await waitFor(() => expect(field).toHaveTextContent('Document date'));
    await user.tab();
    const operator = screen.getByRole('combobox', { name: 'Condition 1 operator' });
    expect(operator).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(operator).toHaveTextContent('is after'));
    await user.tab();
    const date = screen.getByLabelText('Condition 1 value');
    expect(date).toHaveFocus();
    await user.type(date, '2026-01-31');

    await user.click(screen.getByRole('button', { name: 'Set a property' }));
    await choose(user, 'Property action 1 property', 'Amount');
    // The currency is typed, with the known codes suggested (an input with a list: a combobox).
    expect(screen.getByRole('combobox', { name: 'Property action 1 currency' })).toHaveValue('EUR');
    await user.type(screen.getByRole('textbox', { name: 'Property action 1 amount' }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('Tagging rule created')).toBeInTheDocument();
    expect(
      calls.find((call) => call.method === 'POST' && call.path === API_TAGGING_RULES)?.body,
    ).toMatchObject({
      conditions: [{ field: 'documentDate', operator: 'after', value: '2026-01-31' }],
      tagIds: ['tag_invoices'],
      setProperties: [{ propertyId: 'prop_amount', value: { amount: 12.5, currency: 'EUR' } }],
    });
  });

  test('loads a rule with property conditions and actions into the form, and saves it unchanged', async () => {
    const user = userEvent.setup();
    const rule = taggingRuleFixture({
      conditions: [
        { field: 'property', propertyId: 'prop_amount', operator: 'less_than', value: 99.5 },
        { field: 'documentDate', operator: 'is_empty' },
      ],
      actions: [],
      setProperties: [{ propertyId: 'prop_status', value: 'opt_due' }],
    });
    const { calls } = mockApi(handlers([rule]), { signedIn: true });
    renderApp(`${TAGGING_RULES_URL}/tr_1`);

    expect(await screen.findByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('99.5');
    expect(screen.getByRole('combobox', { name: 'Condition 2 operator' })).toHaveTextContent('is empty');
    expect(screen.queryByLabelText('Condition 2 value')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Property action 1 value' })).toHaveTextContent('Due'),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Tagging rule updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      conditions: rule.conditions,
      tagIds: [],
      setProperties: rule.setProperties,
    });
  });

  test('the list describes property, date and file type conditions and the properties a rule sets', async () => {
    const rule = taggingRuleFixture({
      conditions: [
        { field: 'property', propertyId: 'prop_status', operator: 'equal', value: 'opt_paid' },
        { field: 'documentDate', operator: 'before', value: '2026-03-01' },
        { field: 'fileType', operator: 'not_equal', value: 'image' },
        { field: 'property', propertyId: 'prop_gone', operator: 'is_set' },
      ],
      setProperties: [
        { propertyId: 'prop_reviewed', value: true },
        { propertyId: 'prop_amount', value: { amount: 12.5, currency: 'EUR' } },
      ],
    });
    mockApi(
      { ...organizationHandlers(), ...taggingRulesHandlers({ rules: [rule], properties }) },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    const card = await screen.findByRole('article', { name: 'Auto-tag invoices' });
    expect(
      await within(card).findByText(
        'When Status is Paid, the document date is before Mar 1, 2026, the file type is not Image, and a condition on a deleted property (never met)',
      ),
    ).toBeInTheDocument();
    const set = within(card).getByRole('list', { name: 'Properties set by this rule' });
    expect(
      within(set)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reviewed: Yes', 'Amount: €12.50']);
  });
});
