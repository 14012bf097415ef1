import { type EndpointDefinition, isOrganizationScoped } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { API_KEY_PERMISSIONS } from '@sheaf/contracts/permissions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { createDocument } from '../documents/documents.test-helpers';
import { intakeTestEnv } from '../intake-emails/intake-emails.test-helpers';
import {
  type CrossOrganizationCase,
  crossOrganizationCases,
  crossOrganizationSnapshotTables,
  itemScopedEndpointKeys,
} from './cross-organization.routes-table';
import {
  addMember,
  call,
  createApiKey,
  createOrganization,
  invite,
  type TestUser,
} from './organizations.test-helpers';

const normalize = (path: string) => path.replace(/:\w+/g, ':param');
const keyOf = ({ method, path }: Pick<EndpointDefinition, 'method' | 'path'>) => `${method} ${path}`;

/** The catalogue's endpoints that reach one organization's data, each with its hand-written fixture part. */
const crossOrganizationEndpoints = allEndpoints
  .filter((endpoint) => isOrganizationScoped(endpoint) || itemScopedEndpointKeys.includes(keyOf(endpoint)))
  .map((endpoint) => ({ endpoint, ...(crossOrganizationCases[keyOf(endpoint)] ?? {}) }));
type CrossOrganizationRoute = CrossOrganizationCase & { endpoint: EndpointDefinition };

describe.each(testDialects)('cross-organization access on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const { server, createUser } = useApiTestServer(testDatabase, { env: intakeTestEnv() });
  let victimOwner: TestUser;
  let outsider: TestUser;
  /** Ids the route templates are filled with: the victim organization and items in it. */
  const fixture: Record<string, string> = {};
  /** Callers that must be refused, with the status each gets. */
  let attackers: Array<{
    label: string;
    credentials: { cookie?: string; token?: string };
    isSession: boolean;
  }>;

  beforeAll(async () => {
    victimOwner = await createUser('victim-owner@example.com');
    const victimMember = await createUser('victim-member@example.com');
    outsider = await createUser('outsider@example.com');

    const victim = await createOrganization(server, victimOwner, 'Victim');
    fixture.organizationId = victim.id;
    fixture.memberId = await addMember(server, victimOwner, victim.id, victimMember, 'member');
    fixture.invitationId = (await invite(server, victimOwner, victim.id, 'outsider-pending@example.com')).id;
    const cancelled = await invite(server, victimOwner, victim.id, 'cancelled@example.com');
    await call(server.app, 'POST', `/api/invitations/${cancelled.id}/cancel`, { cookie: victimOwner.cookie });
    fixture.cancelledInvitationId = cancelled.id;
    const owned = { cookie: victimOwner.cookie };
    fixture.documentId = (
      await createDocument(server, owned, victim.id, { name: 'Victim plan.txt', data: 'victim secret' })
    ).id;
    fixture.trashedDocumentId = (
      await createDocument(server, owned, victim.id, { name: 'Victim old.txt', data: 'victim trash' })
    ).id;
    await call(
      server.app,
      'DELETE',
      `/api/organizations/${victim.id}/documents/${fixture.trashedDocumentId}`,
      owned,
    );
    const createTag = async (name: string) => {
      const response = await call(server.app, 'POST', `/api/organizations/${victim.id}/tags`, {
        ...owned,
        body: { name, color: '#7fd962' },
      });
      return (await readJson<{ tag: { id: string } }>(response)).tag.id;
    };
    fixture.tagId = await createTag('Victim tag');
    fixture.attachedTagId = await createTag('Victim attached tag');
    const attached = await call(
      server.app,
      'POST',
      `/api/organizations/${victim.id}/documents/${fixture.documentId}/tags`,
      { ...owned, body: { tagId: fixture.attachedTagId } },
    );
    if (attached.status !== 201) throw new Error(`attach failed: ${attached.status}`);
    const property = await call(server.app, 'POST', `/api/organizations/${victim.id}/properties`, {
      ...owned,
      body: { name: 'Victim property', type: 'text' },
    });
    fixture.propertyId = (await readJson<{ property: { id: string } }>(property)).property.id;
    const value = await call(
      server.app,
      'PUT',
      `/api/organizations/${victim.id}/documents/${fixture.documentId}/properties/${fixture.propertyId}`,
      { ...owned, body: { value: 'victim value' } },
    );
    if (value.status !== 200) throw new Error(`property value failed: ${value.status}`);
    const note = await call(
      server.app,
      'POST',
      `/api/organizations/${victim.id}/documents/${fixture.documentId}/notes`,
      { ...owned, body: { content: 'Victim note' } },
    );
    fixture.noteId = (await readJson<{ note: { id: string } }>(note)).note.id;
    const savedView = await call(server.app, 'POST', `/api/organizations/${victim.id}/saved-views`, {
      ...owned,
      body: { name: 'Victim view', visibility: 'organization', filters: { tags: [fixture.tagId] } },
    });
    fixture.savedViewId = (await readJson<{ savedView: { id: string } }>(savedView)).savedView.id;
    const rule = await call(server.app, 'POST', `/api/organizations/${victim.id}/tagging-rules`, {
      ...owned,
      body: {
        name: 'Victim rule',
        conditions: [{ field: 'name', operator: 'contains', value: 'plan' }],
        tagIds: [fixture.tagId],
      },
    });
    fixture.taggingRuleId = (await readJson<{ taggingRule: { id: string } }>(rule)).taggingRule.id;
    const run = await call(
      server.app,
      'POST',
      `/api/organizations/${victim.id}/tagging-rules/${fixture.taggingRuleId}/apply`,
      owned,
    );
    fixture.taggingRuleRunId = (await readJson<{ taggingRuleRun: { id: string } }>(run)).taggingRuleRun.id;
    await server.jobQueue.runDueJobs();
    // A webhook with one recorded delivery, written to the tables so that nothing is sent.
    const webhook = await call(server.app, 'POST', `/api/organizations/${victim.id}/webhooks`, {
      ...owned,
      body: {
        name: 'Victim hook',
        url: 'https://93.184.215.14/victim',
        secret: 'victim',
        events: ['document:created'],
      },
    });
    fixture.webhookId = (await readJson<{ webhook: { id: string } }>(webhook)).webhook.id;
    fixture.webhookDeliveryId = 'whd_victimvictimvictimvictim0';
    const at = new Date().toISOString();
    await testDatabase.db
      .insertInto('webhook_messages')
      .values({
        id: 'msg_victimvictimvictimvictim0',
        webhook_id: fixture.webhookId,
        organization_id: victim.id,
        document_id: fixture.documentId,
        event_type: 'document:created',
        body: '{}',
        status: 'succeeded',
        attempts: 1,
        max_attempts: 8,
        next_attempt_at: at,
        locked_until: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await testDatabase.db
      .insertInto('webhook_deliveries')
      .values({
        id: fixture.webhookDeliveryId,
        webhook_id: fixture.webhookId,
        message_id: 'msg_victimvictimvictimvictim0',
        organization_id: victim.id,
        event_type: 'document:created',
        attempt: 1,
        status: 'success',
        response_status: 200,
        duration_ms: 12,
        error: null,
        response_body: 'ok',
        created_at: at,
      })
      .execute();
    // A turned-off intake address with an allowed sender and one logged message.
    const intakeEmail = await call(
      server.app,
      'POST',
      `/api/organizations/${victim.id}/intake-emails`,
      owned,
    );
    fixture.intakeEmailId = (await readJson<{ intakeEmail: { id: string } }>(intakeEmail)).intakeEmail.id;
    await call(server.app, 'PUT', `/api/organizations/${victim.id}/intake-emails/${fixture.intakeEmailId}`, {
      ...owned,
      body: { isEnabled: false, allowedOrigins: ['victim-sender@example.com'] },
    });
    await testDatabase.db
      .insertInto('intake_email_messages')
      .values({
        id: 'iem_victimvictimvictimvictim0',
        intake_email_id: fixture.intakeEmailId,
        organization_id: victim.id,
        message_key: 'mid:victim@example.com',
        message_id: 'victim@example.com',
        source: 'smtp',
        from_address: 'victim-sender@example.com',
        subject: 'Victim invoice',
        status: 'address_disabled',
        documents: '[]',
        skipped_parts: '[]',
        received_at: at,
        processed_at: at,
      })
      .execute();

    // The outsider has an organization of their own, and the victim's owner another one.
    const outsiderOrganization = await createOrganization(server, outsider, 'Outsider org');
    const ownerSideOrganization = await createOrganization(server, victimOwner, 'Owner side org');
    const scopedElsewhere = await createApiKey(server, victimOwner, {
      permissions: [...API_KEY_PERMISSIONS],
      organizationIds: [ownerSideOrganization.id],
    });
    const outsiderAllOrganizations = await createApiKey(server, outsider, {
      permissions: [...API_KEY_PERMISSIONS],
      allOrganizations: true,
    });
    const outsiderScoped = await createApiKey(server, outsider, {
      permissions: [...API_KEY_PERMISSIONS],
      organizationIds: [outsiderOrganization.id],
    });
    attackers = [
      { label: 'a signed-in non-member', credentials: { cookie: outsider.cookie }, isSession: true },
      {
        label: "the owner's API key with every permission, scoped to another organization",
        credentials: { token: scopedElsewhere },
        isSession: false,
      },
      {
        label: "a non-member's API key with every permission, scoped to all its organizations",
        credentials: { token: outsiderAllOrganizations },
        isSession: false,
      },
      {
        label: "a non-member's API key scoped to its own organization",
        credentials: { token: outsiderScoped },
        isSession: false,
      },
    ];
  });
  afterAll(async () => {
    await server.services.extractionPool.close();
  });

  const fill = (path: string, params: Record<string, string> = {}) =>
    path.replace(/:(\w+)/g, (_match, name: string) => {
      const value = fixture[params[name] ?? name];
      if (!value) throw new Error(`No fixture id for :${name} in ${path}`);
      return value;
    });

  /** A route's body with its `:name` string values replaced by fixture ids. */
  const fillBody = (body: unknown) =>
    JSON.parse(
      JSON.stringify(body).replace(/"(:\w+)"/g, (_match, placeholder: string) =>
        JSON.stringify(fill(placeholder)),
      ),
    ) as unknown;

  /** Every row the victim organization holds, plus the e-mail queue. */
  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const { table, organizationColumn } of crossOrganizationSnapshotTables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
        organizationColumn,
      )} = ${fixture.organizationId} order by 1`.execute(testDatabase.db);
      tables[table] = rows;
    }
    const { rows: jobs } = await sql<{ id: string }>`select id from jobs order by id`.execute(
      testDatabase.db,
    );
    return { tables, jobs };
  };

  it('walks every organization-scoped route the app registers, through the catalogue', () => {
    const registered = new Set(
      server.app.routes
        .filter(
          ({ method, path }) => method !== 'ALL' && path.startsWith('/api/organizations/:organizationId'),
        )
        .map(({ method, path }) => `${method} ${normalize(path)}`),
    );
    const walked = new Set(crossOrganizationEndpoints.map(({ endpoint }) => normalize(keyOf(endpoint))));
    expect([...registered].filter((route) => !walked.has(route))).toEqual([]);
    expect(registered.size).toBeGreaterThan(0);
    // No fixture is left for an endpoint the catalogue no longer has.
    const catalogue = new Set(allEndpoints.map(keyOf));
    expect(
      [...Object.keys(crossOrganizationCases), ...itemScopedEndpointKeys].filter(
        (key) => !catalogue.has(key),
      ),
    ).toEqual([]);
  });

  it.each(crossOrganizationEndpoints.map((route) => [keyOf(route.endpoint), route] as const))(
    'refuses %s to outsiders and changes nothing',
    async (_name, route: CrossOrganizationRoute) => {
      const before = await snapshot();
      for (const { label, credentials, isSession } of attackers) {
        const response = await call(
          server.app,
          route.endpoint.method,
          fill(route.endpoint.path, route.params),
          {
            ...credentials,
            ...(route.body !== undefined ? { body: fillBody(route.body) } : {}),
          },
        );
        const expected = isSession ? (route.nonMemberStatus ?? 403) : 403;
        expect(response.status, label).toBe(expected);
        const { error } = await readError(response);
        expect(error.code, label).toBe(expected === 403 ? 'auth.forbidden' : 'invitations.not_found');
        expect(JSON.stringify(error), label).not.toContain('Victim');
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('keeps a deleted organization out of reach too, including its restore', async () => {
    expect(
      (
        await call(server.app, 'DELETE', `/api/organizations/${fixture.organizationId}`, {
          cookie: victimOwner.cookie,
        })
      ).status,
    ).toBe(204);
    const before = await snapshot();
    for (const { label, credentials } of attackers) {
      for (const route of crossOrganizationEndpoints.filter(({ endpoint }) =>
        isOrganizationScoped(endpoint),
      )) {
        const response = await call(
          server.app,
          route.endpoint.method,
          fill(route.endpoint.path, route.params),
          {
            ...credentials,
            ...(route.body !== undefined ? { body: fillBody(route.body) } : {}),
          },
        );
        expect(response.status, `${label}: ${keyOf(route.endpoint)}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
    // Its owner still can restore it.
    expect(
      (
        await call(server.app, 'POST', `/api/organizations/${fixture.organizationId}/restore`, {
          cookie: victimOwner.cookie,
        })
      ).status,
    ).toBe(204);
  });
});
