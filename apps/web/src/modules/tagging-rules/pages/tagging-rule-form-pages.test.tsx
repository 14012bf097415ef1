import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import {
  API_TAGGING_RULES,
  invoicesTag,
  TAGGING_RULES_URL,
  taggingRuleFixture,
  taggingRulesHandlers,
  taxesTag,
} from '../testing';

const CREATE_URL = `${TAGGING_RULES_URL}/create`;
const rule = taggingRuleFixture();

function createHandlers(status = 201) {
  return {
    ...organizationHandlers(),
    ...taggingRulesHandlers(),
    [`POST ${API_TAGGING_RULES}`]: (request: { body: unknown }) =>
      status === 201
        ? jsonResponse({ taggingRule: { ...rule, ...(request.body as object) } }, { status: 201 })
        : jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status }),
  };
}

describe('create a tagging rule', () => {
  test('validates on submit: the name and at least one tag or property action are required', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await screen.findByRole('checkbox', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('The name is required.')).toBeInTheDocument();
    expect(screen.getByText('Select at least one tag or set a property.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    // Revalidates on input.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Invoices');
    await user.click(screen.getByRole('checkbox', { name: 'Invoices' }));
    await waitFor(() => expect(screen.queryByText('The name is required.')).not.toBeInTheDocument());
    expect(screen.queryByText('Select at least one tag or set a property.')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('a name of more than 64 characters is refused', async () => {
    const user = userEvent.setup();
    mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('The name must be fewer than 64 characters.')).toBeInTheDocument();
  });

  test('a new condition defaults to document name contains, and needs a value', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Invoices');
    await user.click(screen.getByRole('checkbox', { name: 'Invoices' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));

    expect(screen.getByRole('combobox', { name: 'Condition 1 field' })).toHaveTextContent('Document name');
    expect(screen.getByRole('combobox', { name: 'Condition 1 operator' })).toHaveTextContent('contains');
    const value = screen.getByRole('textbox', { name: 'Condition 1 value' });
    expect(value).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Enter a value.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(value, 'invoice');
    await waitFor(() => expect(screen.queryByText('Enter a value.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('Tagging rule created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Invoices',
      description: null,
      enabled: true,
      conditionMatchMode: 'all',
      conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
      tagIds: ['tag_invoices'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tagging rules' })).toBeInTheDocument();
  });

  test('removing a condition takes its row away', async () => {
    const user = userEvent.setup();
    mockApi(createHandlers(), { signedIn: true });
    renderApp(CREATE_URL);

    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(screen.getByRole('textbox', { name: 'Condition 2 value' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove condition 2' }));

    expect(screen.queryByRole('textbox', { name: 'Condition 2 value' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toBeInTheDocument();
  });

  test('saving without conditions asks first, since the rule then applies to all documents', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(createHandlers(), { signedIn: true });
    const { router } = renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Everything');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '  Tag it all  ');
    await user.click(screen.getByRole('checkbox', { name: 'Taxes' }));
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    let dialog = await screen.findByRole('alertdialog', { name: 'Save a rule without conditions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Create rule' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Save a rule without conditions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));

    expect(await screen.findByText('Tagging rule created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Everything',
      description: 'Tag it all',
      enabled: true,
      conditionMatchMode: 'all',
      conditions: [],
      tagIds: ['tag_taxes'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(TAGGING_RULES_URL));
  });

  test('a failed creation shows an error toast and stays on the form', async () => {
    const user = userEvent.setup();
    mockApi(createHandlers(500), { signedIn: true });
    const { router } = renderApp(CREATE_URL);

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Invoices');
    await user.click(screen.getByRole('checkbox', { name: 'Invoices' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.type(screen.getByRole('textbox', { name: 'Condition 1 value' }), 'invoice');
    await user.click(screen.getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('Failed to create tagging rule')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CREATE_URL);
  });

  test('with no tags in the organization, the form links to the tags page', async () => {
    mockApi({ ...organizationHandlers(), ...taggingRulesHandlers({ tags: [] }) }, { signedIn: true });
    renderApp(CREATE_URL);

    expect(await screen.findByText('This organization has no tags yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a tag' })).toHaveAttribute(
      'href',
      '/organizations/org_abc123/tags',
    );
  });

  test('the tag search filters the tags and creates a missing one inline, selected at once', async () => {
    const user = userEvent.setup();
    const tags = [invoicesTag, taxesTag];
    const { calls } = mockApi(
      {
        ...createHandlers(),
        [`GET /api/organizations/${ORGANIZATION_ID}/tags`]: () => jsonResponse({ tags }),
        [`POST /api/organizations/${ORGANIZATION_ID}/tags`]: ({ body }) => {
          const created = { ...invoicesTag, ...(body as object), id: 'tag_receipts', documentsCount: 0 };
          tags.push(created);
          return jsonResponse({ tag: created }, { status: 201 });
        },
      },
      { signedIn: true },
    );
    renderApp(CREATE_URL);

    const search = await screen.findByRole('searchbox', { name: 'Filter tags' });
    await user.type(search, 'inv');
    expect(screen.getByRole('checkbox', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Taxes' })).not.toBeInTheDocument();
    // An existing name (whatever its case) is not offered for creation.
    await user.clear(search);
    await user.type(search, 'TAXES');
    expect(screen.queryByRole('button', { name: /Create the tag/ })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'Receipts');
    expect(screen.getByText('No tag matches this filter.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the tag “Receipts”' }));

    expect(await screen.findByRole('checkbox', { name: 'Receipts', checked: true })).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(screen.getByText('1 tag selected')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path.endsWith('/tags'))?.body).toEqual({
      name: 'Receipts',
      color: '#d8ff75',
      description: null,
    });
    // Creating the tag did not submit the rule.
    expect(calls.some((call) => call.method === 'POST' && call.path === API_TAGGING_RULES)).toBe(false);
  });

  test('with no tags in the organization, Enter in the search box creates the first tag', async () => {
    const user = userEvent.setup();
    const tags: (typeof invoicesTag)[] = [];
    mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ tags }),
        [`GET /api/organizations/${ORGANIZATION_ID}/tags`]: () => jsonResponse({ tags }),
        [`POST /api/organizations/${ORGANIZATION_ID}/tags`]: ({ body }) => {
          const created = { ...invoicesTag, ...(body as object), id: 'tag_first', documentsCount: 0 };
          tags.push(created);
          return jsonResponse({ tag: created }, { status: 201 });
        },
      },
      { signedIn: true },
    );
    renderApp(CREATE_URL);

    await user.type(await screen.findByRole('searchbox', { name: 'Filter tags' }), 'Bills{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Bills', checked: true })).toBeInTheDocument();
  });
});

describe('edit a tagging rule', () => {
  test('loads the rule into the form and saves it with a PUT of the body', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [rule] }),
        [`PUT ${API_TAGGING_RULES}/tr_1`]: (request) =>
          jsonResponse({ taggingRule: { ...rule, ...(request.body as object) } }),
      },
      { signedIn: true },
    );
    const { router } = renderApp(`${TAGGING_RULES_URL}/tr_1`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit tagging rule' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Auto-tag invoices');
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('invoice');
    expect(await screen.findByRole('checkbox', { name: 'Invoices' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Invoices and taxes');
    await user.click(screen.getByRole('checkbox', { name: 'Taxes' }));
    await user.click(screen.getByRole('switch', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Tagging rule updated')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`${API_TAGGING_RULES}/tr_1`);
    expect(put?.body).toEqual({
      name: 'Invoices and taxes',
      description: 'Every invoice gets the Invoices tag',
      enabled: false,
      conditionMatchMode: 'all',
      conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
      tagIds: ['tag_invoices', 'tag_taxes'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(TAGGING_RULES_URL));
  });

  test('a failed update shows an error toast', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [rule] }),
        [`PUT ${API_TAGGING_RULES}/tr_1`]: () =>
          jsonResponse({ error: { code: 'internal.error', message: 'Boom' } }, { status: 500 }),
      },
      { signedIn: true },
    );
    renderApp(`${TAGGING_RULES_URL}/tr_1`);

    await screen.findByRole('checkbox', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to update tagging rule')).toBeInTheDocument();
  });

  test('an unknown rule shows a not-found message with a way back', async () => {
    mockApi({ ...organizationHandlers(), ...taggingRulesHandlers() }, { signedIn: true });
    renderApp(`${TAGGING_RULES_URL}/tr_missing`);

    expect(await screen.findByRole('heading', { name: 'Tagging rule not found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to tagging rules' })[0]).toHaveAttribute(
      'href',
      TAGGING_RULES_URL,
    );
  });
});
