import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_DOCUMENTS, documentFixture, documentsHandlers } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { DocumentActivity } from './document-activity';

const documentUrl = (id: string) => `/organizations/${ORGANIZATION_ID}/documents/${id}`;

const message = documentFixture({
  id: 'doc_mail',
  name: 'lease.eml',
  originalName: 'lease.eml',
  mimeType: 'message/rfc822',
  content: 'Subject: Harbour lease renewal',
  attachments: [
    { id: 'doc_lease', name: 'lease.pdf' },
    { id: 'doc_annex', name: 'annex.txt' },
  ],
});
const attachment = documentFixture({
  id: 'doc_lease',
  name: 'lease.pdf',
  fromEmail: { id: 'doc_mail', name: 'lease.eml' },
});

describe('e-mail links on the document page', () => {
  test("a message lists its attachments, and an attachment's page links back to the message", async () => {
    const user = userEvent.setup();
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ documents: [message, attachment] }) },
      { signedIn: true },
    );
    renderApp(documentUrl('doc_mail'));

    const section = await screen.findByRole('region', { name: /^Attachments\s*\(2\)/ });
    const links = within(within(section).getByRole('list', { name: /^Attachments\s*\(2\)/ })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual(['lease.pdf', 'annex.txt']);
    expect(links[0]).toHaveAttribute('href', documentUrl('doc_lease'));
    expect(screen.queryByText('From e-mail')).not.toBeInTheDocument();

    // Keyboard: the first attachment is reached with Tab and opened with Enter.
    links[0]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'lease.pdf' })).toBeInTheDocument();
    expect(screen.getByText('From e-mail')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'lease.eml' });
    expect(back).toHaveAttribute('href', documentUrl('doc_mail'));
    expect(screen.queryByRole('region', { name: /Attachments/ })).not.toBeInTheDocument();
  });

  test('a document that is neither shows no e-mail section', async () => {
    mockApi(
      { ...organizationHandlers(), ...documentsHandlers({ documents: [documentFixture()] }) },
      { signedIn: true },
    );
    renderApp(documentUrl('doc_1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice March.pdf' })).toBeInTheDocument();
    expect(screen.queryByText('From e-mail')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Attachments/ })).not.toBeInTheDocument();
  });
});

describe('the activity of an e-mail attachment', () => {
  test('says it was imported from an e-mail attachment', async () => {
    mockApi(
      {
        [`GET ${API_DOCUMENTS}/doc_lease/activity`]: () =>
          jsonResponse({
            activities: [
              {
                id: 'act_1',
                event: 'created',
                eventData: { emailAttachment: { messageDocumentId: 'doc_mail', name: 'lease.pdf' } },
                tag: null,
                user: null,
                createdAt: '2025-03-02T10:00:00.000Z',
              },
            ],
          }),
      },
      { signedIn: true },
    );
    renderWithProviders(<DocumentActivity organizationId={ORGANIZATION_ID} documentId="doc_lease" />);
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Imported from an e-mail attachment');
  });
});
