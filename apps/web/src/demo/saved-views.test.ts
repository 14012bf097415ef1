import type { MemberRole } from '@sheaf/contracts/permissions';
import type { SavedViewDto } from '@sheaf/contracts/saved-views';
import { describe, expect, test } from 'vitest';
import { createDemoApi, type DemoApi } from './api';
import { callDemo, type DemoAnswerBody } from './demo-test-helpers';
import { createSeed, DEMO_ORGANIZATION_ID, DEMO_USER } from './seed';
import { createMemoryPersistence } from './state';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;
const VIEWS = `${ORG}/saved-views`;

async function startDemo({ role }: { role?: MemberRole } = {}) {
  const persistence = createMemoryPersistence();
  const seed = await createSeed(NOW);
  if (role) {
    for (const member of seed.state.members) if (member.userId === DEMO_USER.id) member.role = role;
  }
  await persistence.saveFiles(seed.files);
  await persistence.saveState(seed.state);
  const api: DemoApi = await createDemoApi({ persistence, now: () => NOW, sleep: async () => {} });
  return (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);
}

const viewOf = (body: DemoAnswerBody) => body.savedView as SavedViewDto;
const viewsOf = (body: DemoAnswerBody) => body.savedViews as SavedViewDto[];
const errorCode = (body: DemoAnswerBody) => (body.error as { code?: string } | undefined)?.code;

describe('saved views in the demo', () => {
  test('saves, lists, pins, makes default, renames and deletes a view as the server does', async () => {
    const call = await startDemo();
    const tags = (await call('GET', `${ORG}/tags`)).body.tags as { id: string }[];
    const created = await call('POST', VIEWS, {
      name: ' Tagged ',
      filters: { tags: tags[0]?.id, fileTypes: 'pdf' },
      sort: 'name',
      columns: ['updatedAt'],
      isPinned: true,
      isDefault: true,
    });
    expect(created.status).toBe(201);
    expect(viewOf(created.body)).toMatchObject({
      name: 'Tagged',
      visibility: 'personal',
      filters: { tags: [tags[0]?.id], fileTypes: ['pdf'], property: [] },
      sort: 'name',
      order: null,
      isPinned: true,
      isDefault: true,
      canEdit: true,
      dropped: [],
      createdBy: { id: DEMO_USER.id },
    });
    const id = viewOf(created.body).id;
    const other = viewOf((await call('POST', VIEWS, { name: 'Another', isDefault: true })).body);
    const listed = viewsOf((await call('GET', VIEWS)).body);
    expect(listed.map(({ name }) => name)).toEqual(['Another', 'Tagged']);
    expect(listed.filter(({ isDefault }) => isDefault).map((view) => view.id)).toEqual([other.id]);

    const renamed = await call('PATCH', `${VIEWS}/${id}`, { name: 'Renamed', isPinned: false });
    expect(viewOf(renamed.body)).toMatchObject({ name: 'Renamed', isPinned: false });
    expect((await call('PATCH', `${VIEWS}/${id}`, {})).status).toBe(400);
    expect((await call('DELETE', `${VIEWS}/${id}`)).status).toBe(204);
    const gone = await call('DELETE', `${VIEWS}/${id}`);
    expect(gone.status).toBe(404);
    expect(errorCode(gone.body)).toBe('saved_views.not_found');
  });

  test('drops the condition of a deleted tag and names it', async () => {
    const call = await startDemo();
    const tag = (await call('POST', `${ORG}/tags`, { name: 'Doomed', color: '#ff0000' })).body.tag as {
      id: string;
    };
    const view = viewOf(
      (await call('POST', VIEWS, { name: 'Doomed ones', filters: { tags: [tag.id] } })).body,
    );
    expect((await call('DELETE', `${ORG}/tags/${tag.id}`)).status).toBe(204);
    const read = viewsOf((await call('GET', VIEWS)).body).find(({ id }) => id === view.id);
    expect(read).toMatchObject({
      filters: { tags: [] },
      dropped: [{ kind: 'tag', id: tag.id, name: 'Doomed' }],
    });
  });

  test('lets only owners and admins share a view', async () => {
    const call = await startDemo({ role: 'member' });
    const refused = await call('POST', VIEWS, { name: 'Team', visibility: 'organization' });
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe('auth.forbidden');
    const owner = await startDemo();
    expect((await owner('POST', VIEWS, { name: 'Team', visibility: 'organization' })).status).toBe(201);
  });
});
