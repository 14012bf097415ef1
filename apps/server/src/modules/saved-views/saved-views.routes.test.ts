import { SAVED_VIEWS_LIMIT } from '@sheaf/contracts/limits';
import { EMPTY_SAVED_VIEW_FILTERS } from '@sheaf/contracts/saved-views';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { type Credentials, request } from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  createOrganizationWithMembers,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { createProperty, propertiesPath } from '../properties/properties.test-helpers';
import { createTag } from '../tags/tags.test-helpers';
import { createSavedView, listSavedViews, savedViewsPath, updateSavedView } from './saved-views.test-helpers';

describe.each(testDialects)('saved views API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, smtp, createUser } = useApiTestServer(testDatabase, {
    clock,
    env: { MAX_ORGANIZATIONS_PER_USER: '100' },
  });
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let other: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  const as = (user: TestUser): Credentials => ({ cookie: user.cookie });
  const send = async (user: Credentials, method: string, path: string, body?: unknown): Promise<Response> =>
    request(server, method, path, user, body === undefined ? {} : { body });
  const namesSeenBy = async (user: TestUser, id = organizationId) =>
    (await listSavedViews(server, as(user), id)).map(({ name }) => name);

  beforeAll(async () => {
    ({ owner, admin, member, other, outsider, organizationId } = await createOrganizationWithMembers(
      server,
      smtp,
      { emailPrefix: 'views', organizationName: 'Views' },
    ));
  });

  describe('personal views', () => {
    it('saves a view with its filters written as the list takes them, its sort, columns, pin and default', async () => {
      const tag = await createTag(server, as(owner), organizationId, { name: 'Invoices' });
      const property = await createProperty(server, as(owner), organizationId, {
        name: 'Amount',
        type: 'number',
      });
      clock.advance(1000);
      const view = await createSavedView(server, as(member), organizationId, {
        name: '  Big invoices  ',
        filters: {
          tags: tag.id,
          fileTypes: 'pdf,image',
          documentDateFrom: '2025-01-01',
          property: [`${property.id}:between:100..`],
        },
        sort: `property:${property.id}`,
        order: 'desc',
        columns: [`property:${property.id}`, 'updatedAt', 'updatedAt'],
        isPinned: true,
        isDefault: true,
      });
      expect(view).toEqual({
        id: expect.stringMatching(/^sv_[a-z0-9]{24}$/),
        organizationId,
        name: 'Big invoices',
        visibility: 'personal',
        filters: {
          ...EMPTY_SAVED_VIEW_FILTERS,
          tags: [tag.id],
          fileTypes: ['pdf', 'image'],
          documentDateFrom: '2025-01-01',
          property: [`${property.id}:between:100..`],
        },
        sort: `property:${property.id}`,
        order: 'desc',
        columns: [`property:${property.id}`, 'updatedAt'],
        dropped: [],
        isPinned: true,
        isDefault: true,
        canEdit: true,
        createdBy: { id: member.userId, name: 'Mia Member' },
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      });
      expect(await listSavedViews(server, as(member), organizationId)).toContainEqual(view);
      // The answered filters are GET /documents's query as they are.
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(view.filters)) {
        for (const item of [value].flat()) query.append(key, item);
      }
      const documents = await send(
        as(member),
        'GET',
        `/api/organizations/${organizationId}/documents?${query}`,
      );
      expect(documents.status).toBe(200);
    });

    it("is nobody else's: other members neither see, change nor delete it", async () => {
      const view = await createSavedView(server, as(member), organizationId, { name: 'Mine only' });
      expect(await namesSeenBy(member)).toContain('Mine only');
      for (const user of [other, admin, owner]) {
        expect(await namesSeenBy(user)).not.toContain('Mine only');
        const patch = await send(as(user), 'PATCH', savedViewsPath(organizationId, view.id), {
          isPinned: true,
        });
        expect(patch.status).toBe(404);
        expect((await readError(patch)).error.code).toBe('saved_views.not_found');
        const remove = await send(as(user), 'DELETE', savedViewsPath(organizationId, view.id));
        expect(remove.status).toBe(404);
      }
      expect(await namesSeenBy(member)).toContain('Mine only');
    });

    it('is renamed, refiltered and deleted by its creator', async () => {
      const view = await createSavedView(server, as(other), organizationId, {
        name: 'Draft',
        filters: { extractionStatuses: ['failed'] },
      });
      clock.advance(1000);
      const renamed = await updateSavedView(server, as(other), organizationId, view.id, {
        name: 'Failed extractions',
        sort: 'name',
        order: null,
        columns: [],
      });
      expect(renamed).toMatchObject({
        name: 'Failed extractions',
        filters: { extractionStatuses: ['failed'] },
        sort: 'name',
        order: null,
        updatedAt: clock.now().toISOString(),
        createdAt: view.createdAt,
      });
      const deleted = await send(as(other), 'DELETE', savedViewsPath(organizationId, view.id));
      expect(deleted.status).toBe(204);
      expect(await namesSeenBy(other)).not.toContain('Failed extractions');
      const again = await send(as(other), 'DELETE', savedViewsPath(organizationId, view.id));
      expect(again.status).toBe(404);
    });
  });

  describe('shared views', () => {
    it('are made by owners and admins, seen by every member, changed only by owners and admins', async () => {
      const refused = await send(as(member), 'POST', savedViewsPath(organizationId), {
        name: 'Team inbox',
        visibility: 'organization',
      });
      expect(refused.status).toBe(403);
      expect((await readError(refused)).error.code).toBe('auth.forbidden');

      const view = await createSavedView(server, as(admin), organizationId, {
        name: 'Team inbox',
        visibility: 'organization',
        filters: { extractionStatuses: 'done' },
      });
      for (const user of [owner, admin, member, other])
        expect(await namesSeenBy(user)).toContain('Team inbox');
      const seenByMember = (await listSavedViews(server, as(member), organizationId)).find(
        ({ id }) => id === view.id,
      );
      expect(seenByMember).toMatchObject({
        canEdit: false,
        createdBy: { id: admin.userId, name: 'Ada Admin' },
      });

      for (const body of [{ name: 'Hijacked' }, { filters: {} }, { visibility: 'personal' }]) {
        const response = await send(as(member), 'PATCH', savedViewsPath(organizationId, view.id), body);
        expect(response.status).toBe(403);
      }
      expect((await send(as(member), 'DELETE', savedViewsPath(organizationId, view.id))).status).toBe(403);
      expect(
        await updateSavedView(server, as(owner), organizationId, view.id, { name: 'Inbox' }),
      ).toMatchObject({
        name: 'Inbox',
        canEdit: true,
      });
      expect(await namesSeenBy(member)).toContain('Inbox');
    });

    it('are pinned and made the default by each member for themselves', async () => {
      const view = await createSavedView(server, as(owner), organizationId, {
        name: 'Receipts',
        visibility: 'organization',
      });
      const pinned = await updateSavedView(server, as(member), organizationId, view.id, {
        isPinned: true,
        isDefault: true,
      });
      expect(pinned).toMatchObject({ isPinned: true, isDefault: true, canEdit: false, name: 'Receipts' });
      const forOwner = (await listSavedViews(server, as(owner), organizationId)).find(
        ({ id }) => id === view.id,
      );
      expect(forOwner).toMatchObject({ isPinned: false, isDefault: false });

      // One default per member: choosing another moves it.
      const mine = await createSavedView(server, as(member), organizationId, {
        name: 'Mine',
        isDefault: true,
      });
      const views = await listSavedViews(server, as(member), organizationId);
      expect(views.filter(({ isDefault }) => isDefault).map(({ id }) => id)).toEqual([mine.id]);
      expect(views.find(({ id }) => id === view.id)?.isPinned).toBe(true);

      const unpinned = await updateSavedView(server, as(member), organizationId, view.id, {
        isPinned: false,
      });
      expect(unpinned.isPinned).toBe(false);
    });

    it("made personal, becomes the changer's and leaves the other members", async () => {
      const view = await createSavedView(server, as(admin), organizationId, {
        name: 'Going private',
        visibility: 'organization',
      });
      await updateSavedView(server, as(other), organizationId, view.id, { isPinned: true, isDefault: true });
      const personal = await updateSavedView(server, as(owner), organizationId, view.id, {
        visibility: 'personal',
      });
      expect(personal).toMatchObject({
        visibility: 'personal',
        createdBy: { id: owner.userId },
        canEdit: true,
      });
      expect(await namesSeenBy(other)).not.toContain('Going private');
      expect(await namesSeenBy(admin)).not.toContain('Going private');
      const otherPreferences = await testDatabase.db
        .selectFrom('saved_view_pins')
        .select('user_id')
        .where('saved_view_id', '=', view.id)
        .execute();
      expect(otherPreferences).toEqual([]);
    });
  });

  describe('a deleted tag or property', () => {
    it("drops from the view's filters, sort and columns when read, and the view names it", async () => {
      const kept = await createTag(server, as(owner), organizationId, { name: 'Kept' });
      const gone = await createTag(server, as(owner), organizationId, { name: 'Bank' });
      const property = await createProperty(server, as(owner), organizationId, { name: 'Due', type: 'date' });
      const view = await createSavedView(server, as(owner), organizationId, {
        name: 'Statements',
        visibility: 'organization',
        filters: {
          tags: [kept.id, gone.id],
          excludedTags: [gone.id],
          property: [`${property.id}:set`],
          createdFrom: '2026-01-01',
        },
        sort: `property:${property.id}`,
        order: 'asc',
        columns: ['updatedAt', `property:${property.id}`],
      });
      expect(
        (await send(as(owner), 'DELETE', `/api/organizations/${organizationId}/tags/${gone.id}`)).status,
      ).toBe(204);
      expect(
        (await send(as(owner), 'DELETE', `${propertiesPath(organizationId)}/${property.id}`)).status,
      ).toBe(204);

      const read = (await listSavedViews(server, as(member), organizationId)).find(
        ({ id }) => id === view.id,
      );
      expect(read).toMatchObject({
        filters: { ...EMPTY_SAVED_VIEW_FILTERS, tags: [kept.id], createdFrom: '2026-01-01' },
        sort: null,
        order: null,
        columns: ['updatedAt'],
        dropped: [
          { kind: 'tag', id: gone.id, name: 'Bank' },
          { kind: 'property', id: property.id, name: 'Due' },
        ],
      });
      // Saved again with what it now reads, it forgets what was dropped.
      const saved = await updateSavedView(server, as(owner), organizationId, view.id, {
        filters: read?.filters,
        sort: read?.sort,
        order: read?.order,
        columns: read?.columns,
      });
      expect(saved.dropped).toEqual([]);
      expect(saved.filters.tags).toEqual([kept.id]);
    });
  });

  describe('input and access', () => {
    it('refuses a blank name, an unknown column, an unknown filter and an empty change', async () => {
      for (const body of [
        { name: '   ' },
        { name: 'Bad column', columns: ['size'] },
        { name: 'Bad filter', filters: { colour: 'red' } },
        { name: 'Bad sort', sort: 'colour' },
        { name: 'Bad date', filters: { createdFrom: '2026-02-30' } },
        { name: 'Unknown', color: 'red' },
      ]) {
        const response = await send(as(member), 'POST', savedViewsPath(organizationId), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((await readError(response)).error.code).toBe('api.validation_error');
      }
      const view = await createSavedView(server, as(member), organizationId, { name: 'Valid' });
      const empty = await send(as(member), 'PATCH', savedViewsPath(organizationId, view.id), {});
      expect(empty.status).toBe(400);
    });

    it('refuses a property condition or sort that does not fit its property, on creation and on change, changing nothing', async () => {
      const amount = await createProperty(server, as(owner), organizationId, {
        name: 'Total',
        type: 'number',
      });
      const label = await createProperty(server, as(owner), organizationId, { name: 'Label', type: 'text' });
      for (const body of [
        { name: 'Not a number', filters: { property: [`${amount.id}:eq:abc`] } },
        { name: 'Text sort', sort: `property:${label.id}` },
      ]) {
        const response = await send(as(member), 'POST', savedViewsPath(organizationId), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect((await readError(response)).error.code).toBe('api.validation_error');
      }
      expect(await namesSeenBy(member)).not.toContain('Not a number');
      const view = await createSavedView(server, as(member), organizationId, {
        name: 'Totals',
        filters: { ...EMPTY_SAVED_VIEW_FILTERS, property: [`${amount.id}:between:10..`] },
      });
      const refiltered = await send(as(member), 'PATCH', savedViewsPath(organizationId, view.id), {
        filters: { property: [`${amount.id}:between:x..`] },
      });
      expect(refiltered.status).toBe(400);
      const [kept] = (await listSavedViews(server, as(member), organizationId)).filter(
        ({ id }) => id === view.id,
      );
      expect(kept?.filters.property).toEqual([`${amount.id}:between:10..`]);
      // A condition on an unknown property matches nothing, as in the list: not an error.
      expect(
        (
          await send(as(member), 'POST', savedViewsPath(organizationId), {
            name: 'Unknown property',
            filters: { property: ['prop_unknown:set'] },
          })
        ).status,
      ).toBe(201);
    });

    it(`refuses a member's personal view past ${SAVED_VIEWS_LIMIT}`, async () => {
      const limited = await createUser('views-limited@example.com', 'Lim Ited');
      await addMember(server, owner, organizationId, limited, 'member');
      const at = clock.now().toISOString();
      await testDatabase.db
        .insertInto('saved_views')
        .values(
          Array.from({ length: SAVED_VIEWS_LIMIT }, (_, index) => ({
            id: `sv_limit${String(index).padStart(20, '0')}`,
            organization_id: organizationId,
            visibility: 'personal',
            owner_id: limited.userId,
            name: `View ${index}`,
            filters: JSON.stringify(EMPTY_SAVED_VIEW_FILTERS),
            sort: null,
            sort_order: null,
            columns: '[]',
            reference_names: '{}',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      const refused = await send(as(limited), 'POST', savedViewsPath(organizationId), { name: 'One more' });
      expect(refused.status).toBe(403);
      expect((await readError(refused)).error.code).toBe('saved_views.limit_reached');
      // The limit is each member's: another member still saves.
      await createSavedView(server, as(other), organizationId, { name: 'Still fine' });
    });

    it('lists with an API key that reads documents, as its creator; changes need a session', async () => {
      const token = await createApiKey(server, member, {
        permissions: ['documents:read'],
        organizationIds: [organizationId],
      });
      const listed = await send({ token }, 'GET', savedViewsPath(organizationId));
      expect(listed.status).toBe(200);
      const { savedViews } = await readJson<{ savedViews: { name: string }[] }>(listed);
      expect(savedViews.map(({ name }) => name)).toEqual(await namesSeenBy(member));
      const created = await send({ token }, 'POST', savedViewsPath(organizationId), { name: 'By key' });
      expect([401, 403]).toContain(created.status);
    });

    it('refuses non-members and keeps views apart between organizations', async () => {
      const response = await send(as(outsider), 'GET', savedViewsPath(organizationId));
      expect(response.status).toBe(403);
      const elsewhere = (await createOrganization(server, owner, 'Elsewhere')).id;
      const view = await createSavedView(server, as(owner), elsewhere, {
        name: 'Elsewhere view',
        visibility: 'organization',
      });
      expect(await namesSeenBy(owner)).not.toContain('Elsewhere view');
      const crossed = await send(as(owner), 'PATCH', savedViewsPath(organizationId, view.id), {
        name: 'Moved',
      });
      expect(crossed.status).toBe(404);
    });
  });
});
