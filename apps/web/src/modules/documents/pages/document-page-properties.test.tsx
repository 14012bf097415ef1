import type { DocumentDto } from '@sheaf/contracts/documents';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers } from '../../../test/documents';
import { memberFixture, ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';
import { propertiesHandlers, propertyFixture, statusProperty } from '../../properties/testing';

const DOCUMENT_URL = `/organizations/${ORGANIZATION_ID}/documents/doc_1`;

const pages = propertyFixture({
  id: 'prop_pages',
  name: 'Pages',
  type: 'number',
  description: null,
  currency: null,
});
const amount = propertyFixture();
const paid = propertyFixture({
  id: 'prop_paid',
  name: 'Paid',
  type: 'boolean',
  description: null,
  currency: null,
});
const link = propertyFixture({
  id: 'prop_link',
  name: 'Portal',
  type: 'url',
  description: null,
  currency: null,
});
const handler = propertyFixture({
  id: 'prop_handler',
  name: 'Handled by',
  type: 'member',
  description: null,
  currency: null,
});

function documentWith(overrides: Partial<DocumentDto> = {}): DocumentDto {
  return documentFixture({
    documentDate: '2025-03-14',
    documentDateIsDetected: true,
    properties: [],
    notesCount: 0,
    ...overrides,
  });
}

/**
 * The document's API as the server answers it: GET the current document, PATCH its date, PUT and
 * DELETE its property values (or `putError`), with the organization's properties and no notes.
 */
function documentApi({
  document = documentWith(),
  properties = [pages, amount, paid, statusProperty(), link],
  role = 'owner' as const,
  putError,
}: {
  document?: DocumentDto;
  properties?: PropertyDefinitionDto[];
  role?: 'owner' | 'member';
  putError?: { code: string; details?: unknown };
} = {}) {
  let current = document;
  return {
    ...organizationHandlers({
      role,
      members: [
        memberFixture({ id: 'mem_2', role: 'member', name: 'Grace Hopper', email: 'grace@example.com' }),
      ],
    }),
    ...documentsHandlers({ documents: [document] }),
    ...propertiesHandlers({ properties }),
    [`GET ${API_DOCUMENTS}/doc_1`]: () => jsonResponse({ document: current }),
    [`GET ${API_DOCUMENTS}/doc_1/notes`]: () => jsonResponse({ notes: [], notesCount: 0 }),
    [`PATCH ${API_DOCUMENTS}/doc_1`]: ({ body }: { body: unknown }) => {
      const { documentDate } = body as { documentDate: string | null };
      current = { ...current, documentDate, documentDateIsDetected: false };
      return jsonResponse({ document: current });
    },
    ...Object.fromEntries(
      properties.flatMap((property) => [
        [
          `PUT ${API_DOCUMENTS}/doc_1/properties/${property.id}`,
          ({ body }: { body: unknown }) => {
            if (putError) {
              return jsonResponse(
                { error: { code: putError.code, message: 'Refused', details: putError.details } },
                { status: 400 },
              );
            }
            const { value } = body as { value: never };
            current = {
              ...current,
              properties: [
                ...current.properties.filter((entry) => entry.propertyId !== property.id),
                { propertyId: property.id, value },
              ],
            };
            return jsonResponse({ property: { propertyId: property.id, value } });
          },
        ],
        [
          `DELETE ${API_DOCUMENTS}/doc_1/properties/${property.id}`,
          () => {
            current = {
              ...current,
              properties: current.properties.filter((entry) => entry.propertyId !== property.id),
            };
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  };
}

/** The row (`dt` + `dd`) of a property in the Properties section. */
async function rowOf(name: string): Promise<HTMLElement> {
  const section = await screen.findByRole('region', { name: 'Properties' });
  const term = await within(section).findByText(name, { selector: 'dt, dt *' });
  return term.closest('dt')?.parentElement as HTMLElement;
}

describe('document page: date and properties', () => {
  test('shows the document date in the UI language, marked as detected', async () => {
    mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Document date');
    expect(within(row).getByText('Mar 14, 2025')).toHaveAttribute('datetime', '2025-03-14');
    expect(within(row).getByText('Detected')).toBeInTheDocument();
    expect(row).toHaveTextContent("Read from the document's text or file name. Edit it to set your own.");
  });

  test('edits the document date with Enter, after which it is no longer marked as detected', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Document date');
    await user.click(within(row).getByRole('button', { name: 'Edit document date' }));
    const input = within(row).getByLabelText('Document date');
    expect(input).toHaveValue('2025-03-14');
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: '2024-11-24' } });
    await user.keyboard('{Enter}');

    expect(await within(row).findByText('Nov 24, 2024')).toBeInTheDocument();
    expect(within(row).queryByText('Detected')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ documentDate: '2024-11-24' });
  });

  test('Escape cancels editing the date and sends nothing; an empty date is refused', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Document date');
    await user.click(within(row).getByRole('button', { name: 'Edit document date' }));
    const input = within(row).getByLabelText('Document date');
    fireEvent.change(input, { target: { value: '' } });
    await user.click(within(row).getByRole('button', { name: 'Save document date' }));
    expect(await within(row).findByText('Enter a date, or cancel.')).toBeInTheDocument();
    await user.click(within(row).getByLabelText('Document date'));
    await user.keyboard('{Escape}');

    expect(await within(row).findByText('Mar 14, 2025')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  test('clears the document date', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Document date');
    await user.click(within(row).getByRole('button', { name: 'Clear document date' }));

    expect(await within(row).findByText('Not set')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ documentDate: null });
  });

  test('a number property refuses "abc" with its message and sends nothing, then saves a number', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Pages');
    expect(within(row).getByText('Empty')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit Pages' }));
    const input = within(row).getByRole('textbox', { name: 'Pages' });
    await user.type(input, 'abc{Enter}');
    expect(await within(row).findByText('Enter a number, such as 12.5.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(input);
    await user.type(input, '1,234.5{Enter}');
    expect(await within(row).findByText('1,234.5')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ value: 1234.5 });
  });

  test('a monetary value is sent with its currency and shown in the UI language', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Amount');
    await user.click(within(row).getByRole('button', { name: 'Edit Amount' }));
    expect(within(row).getByRole('combobox', { name: 'Amount: currency' })).toHaveValue('EUR');
    await user.type(within(row).getByRole('textbox', { name: 'Amount: amount' }), '120.5');
    await user.click(within(row).getByRole('button', { name: 'Save Amount' }));

    expect(await within(row).findByText('€120.50')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      value: { amount: 120.5, currency: 'EUR' },
    });
  });

  test('picks a select option, switches a yes/no on, and clears a value', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(documentApi(), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const status = await rowOf('Status');
    await user.click(within(status).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Done' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/prop_status'))?.body).toEqual({ value: 'opt_done' }),
    );

    const paidRow = await rowOf('Paid');
    await user.click(within(paidRow).getByRole('switch', { name: 'Paid' }));
    expect(await within(paidRow).findByText('Yes')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/prop_paid'))?.body).toEqual({ value: true });

    await user.click(within(paidRow).getByRole('button', { name: 'Clear Paid' }));
    expect(await within(paidRow).findByText('Empty')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/prop_paid'))).toBe(true);
  });

  test('a URL shows as a link, and a refused URL is explained before anything is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      documentApi({
        document: documentWith({
          properties: [{ propertyId: 'prop_link', value: 'https://portal.example.com' }],
        }),
      }),
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Portal');
    expect(within(row).getByRole('link', { name: /https:\/\/portal\.example\.com/ })).toHaveAttribute(
      'href',
      'https://portal.example.com',
    );
    await user.click(within(row).getByRole('button', { name: 'Edit Portal' }));
    const input = within(row).getByRole('textbox', { name: 'Portal' });
    await user.clear(input);
    await user.type(input, 'ftp://files.example.com{Enter}');
    expect(
      await within(row).findByText('Enter a web address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test("the server's refusal of a value shows beside it", async () => {
    const user = userEvent.setup();
    mockApi(
      documentApi({
        properties: [handler],
        putError: { code: 'api.validation_error', details: [{ path: 'value', message: 'Not a member' }] },
      }),
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Handled by');
    await user.click(within(row).getByRole('combobox', { name: 'Handled by' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));

    expect(await within(row).findByText('Choose a member of this organization.')).toBeInTheDocument();
  });

  test('a document in the trash shows its date and values without edit buttons', async () => {
    mockApi(
      documentApi({
        document: documentWith({
          isDeleted: true,
          deletedAt: '2025-03-05T10:00:00.000Z',
          properties: [{ propertyId: 'prop_amount', value: { amount: 42, currency: 'EUR' } }],
        }),
      }),
      { signedIn: true },
    );
    renderApp(DOCUMENT_URL);

    const row = await rowOf('Amount');
    expect(within(row).getByText('€42.00')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Properties' });
    expect(within(section).queryByRole('button', { name: /^Edit|^Clear/ })).not.toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
  });

  test('a member is not offered to manage the properties', async () => {
    mockApi(documentApi({ role: 'member' }), { signedIn: true });
    renderApp(DOCUMENT_URL);

    const section = await screen.findByRole('region', { name: 'Properties' });
    await within(section).findByText('Pages');
    expect(within(section).queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });
});
