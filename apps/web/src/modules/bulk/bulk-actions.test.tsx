import type { BulkResultDto, TaskDto } from '@sheaf/contracts/bulk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { type MockRequest, mockApi, renderApp } from '../../test/app';
import { API_DOCUMENTS, documentsHandlers, manyDocuments, tagFixture } from '../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

const DOCUMENTS_URL = `/organizations/${ORGANIZATION_ID}/documents`;
const API_BULK = `${API_DOCUMENTS}/bulk`;
const API_TASKS = `/api/organizations/${ORGANIZATION_ID}/tasks`;

const result = (overrides: Partial<BulkResultDto>): BulkResultDto => ({
  action: 'add_tags',
  changedDocumentIds: [],
  unchangedCount: 0,
  skipped: [],
  undo: [],
  ...overrides,
});

function taskFixture(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    id: 'task_1',
    organizationId: ORGANIZATION_ID,
    kind: 'bulk',
    action: 'trash',
    state: 'running',
    total: 20,
    processedCount: 5,
    changedCount: 5,
    unchangedCount: 0,
    skippedCount: 0,
    skipped: [],
    error: null,
    createdBy: { id: 'usr_1', name: 'Ada Lovelace' },
    createdAt: '2025-03-01T10:00:00.000Z',
    startedAt: '2025-03-01T10:00:01.000Z',
    finishedAt: null,
    downloadUrl: null,
    expiresAt: null,
    canUndo: false,
    undoneByTaskId: null,
    ...overrides,
  };
}

const bulkCalls = (calls: MockRequest[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === API_BULK);

function renderList(
  url: string,
  {
    documents = manyDocuments(20),
    deleted = [],
    bulk = () => jsonResponse({ result: result({}) }),
    task,
    handlers = {},
  }: {
    documents?: ReturnType<typeof manyDocuments>;
    deleted?: ReturnType<typeof manyDocuments>;
    bulk?: (request: MockRequest) => Response;
    task?: () => TaskDto;
    handlers?: Record<string, (request: MockRequest) => Response>;
  } = {},
) {
  const api = mockApi(
    {
      ...organizationHandlers(),
      ...documentsHandlers({
        documents,
        deleted,
        tags: [tagFixture({ id: 'tag_a', name: 'Invoices' }), tagFixture({ id: 'tag_b', name: 'Housing' })],
      }),
      [`GET ${API_TASKS}`]: () => jsonResponse({ tasks: [], tasksCount: 0 }),
      [`POST ${API_BULK}`]: bulk,
      ...(task ? { [`GET ${API_TASKS}/${task().id}`]: () => jsonResponse({ task: task() }) } : {}),
      ...handlers,
    },
    { signedIn: true },
  );
  return { ...api, ...renderApp(url) };
}

const rowCheckbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bulk actions on the documents list', () => {
  test('Shift+click selects a range, the bar says how many, and tags are added to them with Undo', async () => {
    const user = userEvent.setup();
    const { calls } = renderList(`${DOCUMENTS_URL}?pageSize=15`, {
      bulk: ({ body }) => {
        const request = body as { action: string; documentIds: string[] };
        return jsonResponse({
          result: result({
            action: request.action === 'add_tags' ? 'add_tags' : 'remove_tags',
            changedDocumentIds: request.documentIds,
            undo:
              request.action === 'add_tags'
                ? [{ action: 'remove_tags', tagIds: ['tag_b'], documentIds: request.documentIds }]
                : [],
          }),
        });
      },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Select Document 2.pdf' }));
    await user.keyboard('{Shift>}');
    await user.click(rowCheckbox('Document 4.pdf'));
    await user.keyboard('{/Shift}');
    expect(rowCheckbox('Document 3.pdf')).toBeChecked();
    expect(rowCheckbox('Document 5.pdf')).not.toBeChecked();
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select every document on this page' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );

    await user.click(within(bar).getByRole('button', { name: 'Add tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags' });
    expect(within(dialog).getByText('3 selected documents')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Housing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));

    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({
      action: 'add_tags',
      tagIds: ['tag_b'],
      documentIds: ['doc_2', 'doc_3', 'doc_4'],
    });
    expect(await screen.findByText('Tags added to 3 documents')).toBeInTheDocument();
    // The selection is done with.
    expect(rowCheckbox('Document 3.pdf')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(2));
    expect(bulkCalls(calls)[1]?.body).toEqual({
      action: 'remove_tags',
      tagIds: ['tag_b'],
      documentIds: ['doc_2', 'doc_3', 'doc_4'],
    });
    expect(await screen.findByText('Undone.')).toBeInTheDocument();
  });

  test('Space toggles the focused row and Shift+Space extends, Escape in the bar clears', async () => {
    const user = userEvent.setup();
    renderList(`${DOCUMENTS_URL}?pageSize=15`);
    const first = await screen.findByRole('checkbox', { name: 'Select Document 1.pdf' });
    first.focus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    // From the third row's name link, Shift+Space selects rows 1 to 3.
    screen.getByRole('link', { name: 'Document 3.pdf' }).focus();
    await user.keyboard('{Shift>} {/Shift}');
    expect(rowCheckbox('Document 2.pdf')).toBeChecked();
    expect(rowCheckbox('Document 3.pdf')).toBeChecked();

    const bar = screen.getByRole('region', { name: 'Selected documents' });
    within(bar).getByRole('button', { name: 'Clear selection' }).focus();
    await user.keyboard('{Escape}');
    expect(first).not.toBeChecked();
  });

  test('"Select all 20 that match" sends the list\'s filter; the task shows its progress in the Tasks panel', async () => {
    const user = userEvent.setup();
    let task = taskFixture();
    const { calls } = renderList(`${DOCUMENTS_URL}?pageSize=15&tags=tag_a`, {
      bulk: () => jsonResponse({ task }, { status: 202 }),
      task: () => task,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every document on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    expect(within(bar).getByText('15 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Select all 20 that match' }));
    expect(within(bar).getByText('All 20 matching documents are selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Move to trash' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Move 20 documents to the trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));

    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({
      action: 'trash',
      filter: {
        scope: 'documents',
        tags: ['tag_a'],
        anyTags: [],
        excludedTags: [],
        fileTypes: [],
        extractionStatuses: [],
        property: [],
      },
    });
    const panel = await screen.findByRole('region', { name: 'Tasks' });
    expect(within(panel).getByText('5 of 20')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Move to trash' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );

    task = { ...task, state: 'done', processedCount: 20, changedCount: 18, skippedCount: 2 };
    expect(
      await within(panel).findByText('18 changed · 2 skipped', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Done' })).toBeInTheDocument();
  });
});

describe('undo a task from the Tasks panel', () => {
  test('a finished trash task offers "Undo" (by keyboard); the undo task joins the panel', async () => {
    const user = userEvent.setup();
    let task = taskFixture({ state: 'done', processedCount: 20, changedCount: 20, canUndo: true });
    const undoTask = taskFixture({
      id: 'task_2',
      action: 'restore',
      state: 'done',
      total: 20,
      processedCount: 20,
      changedCount: 20,
    });
    const { calls } = renderList(`${DOCUMENTS_URL}?pageSize=15&tags=tag_a`, {
      bulk: () => jsonResponse({ task }, { status: 202 }),
      task: () => task,
      handlers: {
        [`POST ${API_TASKS}/task_1/undo`]: () => {
          task = { ...task, canUndo: false, undoneByTaskId: 'task_2' };
          return jsonResponse({ task: undoTask }, { status: 202 });
        },
        [`GET ${API_TASKS}/task_2`]: () => jsonResponse({ task: undoTask }),
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every document on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 20 that match' }));
    await user.click(within(bar).getByRole('button', { name: 'Move to trash' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Move 20 documents to the trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move to trash' }));

    const panel = await screen.findByRole('region', { name: 'Tasks' });
    const undo = await within(panel).findByRole('button', { name: 'Undo “Move to trash”' });
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === `${API_TASKS}/task_1/undo`)).toBe(
        true,
      ),
    );
    expect(await within(panel).findByText('Restore')).toBeInTheDocument();
    expect(await within(panel).findByText('Undone')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Undo “Move to trash”' })).not.toBeInTheDocument();
  });
});

describe('download as zip', () => {
  test('starts the zip at once and keeps its link in the Tasks panel', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const downloadUrl = `${API_TASKS}/task_zip/download`;
    const zipTask = taskFixture({
      id: 'task_zip',
      action: 'download_zip',
      state: 'done',
      total: 2,
      processedCount: 0,
      changedCount: 0,
      downloadUrl,
      expiresAt: '2025-03-02T10:00:00.000Z',
    });
    const { calls } = renderList(`${DOCUMENTS_URL}?pageSize=15`, {
      bulk: () => jsonResponse({ task: zipTask }, { status: 201 }),
      task: () => zipTask,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Document 1.pdf' }));
    await user.click(rowCheckbox('Document 2.pdf'));
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    await user.click(within(bar).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download as zip' }));

    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({ action: 'download_zip', documentIds: ['doc_1', 'doc_2'] });
    const panel = await screen.findByRole('region', { name: 'Tasks' });
    expect(within(panel).getByRole('link', { name: 'Download the zip' })).toHaveAttribute(
      'href',
      downloadUrl,
    );
    await waitFor(() => expect(clicked).toEqual([downloadUrl]));
  });
});

describe('bulk actions in the trash', () => {
  test('restores the selected documents', async () => {
    const user = userEvent.setup();
    const deleted = manyDocuments(3).map((document) => ({
      ...document,
      deletedAt: '2025-03-02T10:00:00.000Z',
      isDeleted: true,
    }));
    const { calls } = renderList(`/organizations/${ORGANIZATION_ID}/deleted`, {
      deleted,
      bulk: ({ body }) =>
        jsonResponse({
          result: result({
            action: 'restore',
            changedDocumentIds: (body as { documentIds: string[] }).documentIds,
          }),
        }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select every document on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected documents' });
    expect(within(bar).queryByRole('button', { name: 'Add tags' })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(1));
    expect(bulkCalls(calls)[0]?.body).toEqual({
      action: 'restore',
      documentIds: ['doc_1', 'doc_2', 'doc_3'],
    });
    expect(await screen.findByText('3 documents restored')).toBeInTheDocument();
  });
});
