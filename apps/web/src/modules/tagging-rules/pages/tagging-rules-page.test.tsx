import type { TaggingRuleRunDto } from '@sheaf/contracts/tagging-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import {
  API_TAGGING_RULES,
  TAGGING_RULES_URL,
  taggingRuleFixture,
  taggingRuleRunFixture,
  taggingRulesHandlers,
  taxesTag,
} from '../testing';

const rule = taggingRuleFixture();

describe('tagging rules list', () => {
  test('shows an empty state with a call to create the first rule', async () => {
    mockApi({ ...organizationHandlers(), ...taggingRulesHandlers() }, { signedIn: true });
    renderApp(TAGGING_RULES_URL);

    expect(await screen.findByRole('heading', { name: 'No tagging rules yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create rule' })).toHaveAttribute(
      'href',
      `${TAGGING_RULES_URL}/create`,
    );
  });

  test('lists each rule with its description, conditions in words, tags and state', async () => {
    const anyRule = taggingRuleFixture({
      id: 'tr_2',
      name: 'Tax papers',
      description: null,
      enabled: false,
      conditionMatchMode: 'any',
      conditions: [
        { field: 'name', operator: 'starts_with', value: 'Tax' },
        { field: 'content', operator: 'not_contains', value: 'draft' },
      ],
      actions: [{ tagId: taxesTag.id, tag: { id: taxesTag.id, name: 'Taxes', color: taxesTag.color } }],
    });
    mockApi(
      { ...organizationHandlers(), ...taggingRulesHandlers({ rules: [rule, anyRule] }) },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    const first = await screen.findByRole('article', { name: 'Auto-tag invoices' });
    expect(within(first).getByText('Every invoice gets the Invoices tag')).toBeInTheDocument();
    expect(within(first).getByText('When the name contains “invoice”')).toBeInTheDocument();
    expect(within(first).getByText('1 condition')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Tags added by this rule' })).toHaveTextContent(
      'Invoices',
    );
    expect(within(first).getByRole('switch', { name: 'Enable Auto-tag invoices' })).toBeChecked();
    expect(within(first).getByRole('link', { name: 'Edit Auto-tag invoices' })).toHaveAttribute(
      'href',
      `${TAGGING_RULES_URL}/tr_1`,
    );

    const second = screen.getByRole('article', { name: 'Tax papers' });
    expect(
      within(second).getByText('When the name starts with “Tax” or the content does not contain “draft”'),
    ).toBeInTheDocument();
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByRole('switch', { name: 'Enable Tax papers' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Create rule' })).toBeInTheDocument();
  });

  test('a rule without conditions says it applies to all documents', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [taggingRuleFixture({ conditions: [] })] }),
      },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    expect(await screen.findByText('Applies to all documents')).toBeInTheDocument();
  });

  test('the switch disables a rule with a PUT of the whole rule', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [rule] }),
        [`PUT ${API_TAGGING_RULES}/tr_1`]: () => jsonResponse({ taggingRule: { ...rule, enabled: false } }),
      },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    await user.click(await screen.findByRole('switch', { name: 'Enable Auto-tag invoices' }));

    expect(await screen.findByText('Tagging rule disabled')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Auto-tag invoices',
      description: 'Every invoice gets the Invoices tag',
      conditions: [{ field: 'name', operator: 'contains', value: 'invoice' }],
      tagIds: ['tag_invoices'],
      enabled: false,
      conditionMatchMode: 'all',
    });
  });

  test('applies a rule to existing documents once confirmed, shows its progress and tells how many were tagged', async () => {
    const user = userEvent.setup();
    const pending = taggingRuleRunFixture();
    // What the list answers after the POST: the run going on, then finished.
    const states = [
      { ...pending, status: 'running' as const, startedAt: pending.createdAt, processedDocumentsCount: 100 },
      {
        ...pending,
        status: 'succeeded' as const,
        processedDocumentsCount: 240,
        taggedDocumentsCount: 3,
        startedAt: pending.createdAt,
        finishedAt: new Date().toISOString(),
      },
    ];
    let latestRun: TaggingRuleRunDto | null = null;
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [rule] }),
        [`GET ${API_TAGGING_RULES}`]: () => {
          const answer = jsonResponse({ taggingRules: [{ ...rule, latestRun }] });
          if (latestRun) latestRun = states.shift() ?? latestRun;
          return answer;
        },
        [`POST ${API_TAGGING_RULES}/tr_1/apply`]: () => {
          latestRun = pending;
          return jsonResponse({ taggingRuleRun: pending }, { status: 202 });
        },
      },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    await user.click(
      await screen.findByRole('button', { name: 'Apply Auto-tag invoices to existing documents' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Apply this rule to existing documents?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Waiting to go through the existing documents…')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Apply Auto-tag invoices to existing documents' }),
    ).toBeDisabled();
    expect(await screen.findByText('Going through the existing documents: 100 checked')).toBeInTheDocument();
    expect(await screen.findByText('3 documents tagged')).toBeInTheDocument();
    expect(
      screen.getByText('Applied to existing documents less than a minute ago: 3 documents tagged'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Apply Auto-tag invoices to existing documents' }),
    ).toBeEnabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${API_TAGGING_RULES}/tr_1/apply`,
    ]);
  });

  test('shows the outcome of the last run, a failed one included', async () => {
    const failed = taggingRuleRunFixture({ status: 'failed', finishedAt: new Date().toISOString() });
    mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules: [{ ...rule, latestRun: failed }] }),
      },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    expect(
      await screen.findByText('Applying to existing documents failed less than a minute ago.'),
    ).toBeInTheDocument();
  });

  test('deletes a rule only once confirmed', async () => {
    const user = userEvent.setup();
    let rules = [rule];
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...taggingRulesHandlers({ rules }),
        [`GET ${API_TAGGING_RULES}`]: () => jsonResponse({ taggingRules: rules }),
        [`DELETE ${API_TAGGING_RULES}/tr_1`]: () => {
          rules = [];
          return new Response(null, { status: 204 });
        },
      },
      { signedIn: true },
    );
    renderApp(TAGGING_RULES_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete Auto-tag invoices' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this tagging rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Auto-tag invoices' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this tagging rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tagging rule deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No tagging rules yet' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_TAGGING_RULES}/tr_1`,
    ]);
  });
});
