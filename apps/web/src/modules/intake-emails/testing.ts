import type { IntakeEmailDto, IntakeEmailMessageDto } from '@sheaf/contracts/intake-emails';
import type { UsageDto } from '@sheaf/contracts/subscriptions';
import type { MockRequest } from '../../test/app';
import { publicConfigFixture } from '../../test/fixtures';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

export const API_INTAKE_EMAILS = `/api/organizations/${ORGANIZATION_ID}/intake-emails`;
export const API_USAGE = `/api/organizations/${ORGANIZATION_ID}/usage`;
export const INTAKE_EMAILS_URL = `/organizations/${ORGANIZATION_ID}/settings/intake-emails`;

/** The runtime configuration with intake e-mail on (and subscriptions as given). */
export const intakeEnabledConfig = ({ isSubscriptionsEnabled = false } = {}) => ({
  ...publicConfigFixture,
  intakeEmails: { isEnabled: true },
  isSubscriptionsEnabled,
});

export function intakeEmailFixture(overrides: Partial<IntakeEmailDto> = {}): IntakeEmailDto {
  return {
    id: 'ie_1',
    emailAddress: 'k3v9qz7m2xwa@intake.example.com',
    isEnabled: true,
    allowedOrigins: ['ada@example.com'],
    organizationId: ORGANIZATION_ID,
    createdAt: '2025-02-01T12:00:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}

export function intakeMessageFixture(overrides: Partial<IntakeEmailMessageDto> = {}): IntakeEmailMessageDto {
  return {
    id: 'iem_1',
    intakeEmailId: 'ie_1',
    source: 'smtp',
    receivedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    processedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    from: 'ada@example.com',
    subject: 'March electricity bill',
    messageId: '<bill@example.com>',
    status: 'processed',
    documents: [{ id: 'doc_1', name: 'electricity-march.pdf' }],
    skippedParts: [],
    ...overrides,
  };
}

export function usageFixture(intakeEmailsCount: UsageDto['intakeEmailsCount']): UsageDto {
  return {
    documentsStorage: { used: 0, deleted: 0, limit: null },
    intakeEmailsCount,
    membersCount: { used: 1, limit: null },
  };
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

/**
 * The intake e-mail routes over an in-memory list, answering as the server does: GET the list, POST
 * a new address (or `createError`), PUT a partial change, DELETE, and GET each address's messages.
 */
export function intakeEmailsHandlers({
  intakeEmails = [],
  messages = [],
  createError,
}: {
  intakeEmails?: IntakeEmailDto[];
  messages?: IntakeEmailMessageDto[];
  createError?: { status: number; code: string; message: string };
} = {}): Record<string, Handler> {
  let list = [...intakeEmails];
  let created = 0;
  const handlers: Record<string, Handler> = {
    [`GET ${API_INTAKE_EMAILS}`]: () => jsonResponse({ intakeEmails: list }),
    [`POST ${API_INTAKE_EMAILS}`]: () => {
      if (createError) {
        return jsonResponse(
          { error: { code: createError.code, message: createError.message } },
          { status: createError.status },
        );
      }
      created += 1;
      const intakeEmail = intakeEmailFixture({
        id: `ie_new${created}`,
        emailAddress: `newaddress${created}@intake.example.com`,
        allowedOrigins: [],
      });
      list = [...list, intakeEmail];
      handlers[`PUT ${API_INTAKE_EMAILS}/${intakeEmail.id}`] = put(intakeEmail.id);
      return jsonResponse({ intakeEmail }, { status: 201 });
    },
  };
  const put =
    (id: string): Handler =>
    ({ body }) => {
      const current = list.find((item) => item.id === id);
      if (!current) return jsonResponse({ error: { code: 'intake_emails.not_found' } }, { status: 404 });
      const intakeEmail = { ...current, ...(body as Partial<IntakeEmailDto>) };
      list = list.map((item) => (item.id === id ? intakeEmail : item));
      return jsonResponse({ intakeEmail });
    };
  for (const intakeEmail of intakeEmails) {
    handlers[`PUT ${API_INTAKE_EMAILS}/${intakeEmail.id}`] = put(intakeEmail.id);
    handlers[`DELETE ${API_INTAKE_EMAILS}/${intakeEmail.id}`] = () => {
      list = list.filter((item) => item.id !== intakeEmail.id);
      return new Response(null, { status: 204 });
    };
    handlers[`GET ${API_INTAKE_EMAILS}/${intakeEmail.id}/messages`] = () =>
      jsonResponse({ messages: messages.filter((message) => message.intakeEmailId === intakeEmail.id) });
  }
  return handlers;
}
