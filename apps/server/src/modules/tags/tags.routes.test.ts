import type { DocumentTagLinkDto, TagDto } from '@sheaf/contracts/tags';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  getDocument,
  listActivities,
  listDocuments,
  request,
} from '../documents/documents.test-helpers';
import { createApiKey, createOrganization, type TestUser } from '../organizations/organizations.test-helpers';
import { attachTag, createTag, detachTag, listTags } from './tags.test-helpers';

describe.each(testDialects)('tags API on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, createUser } = useApiTestServer(testDatabase, { clock });
  let owner: TestUser;
  let outsider: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  let ownerCredentials: Credentials;
  const tagsPath = (id = organizationId) => `/api/organizations/${id}/tags`;
  const tick = () => clock.advance(1000);
  let documentCounter = 0;
  const newDocument = (name = 'note.txt', id = organizationId, credentials = ownerCredentials) =>
    createDocument(server, credentials, id, { name, data: `document number ${++documentCounter}` });

  beforeAll(async () => {
    owner = await createUser('tags-owner@example.com', 'Olivia Owner');
    outsider = await createUser('tags-outsider@example.com');
    organizationId = (await createOrganization(server, owner, 'Archive')).id;
    otherOrganizationId = (await createOrganization(server, outsider, 'Elsewhere')).id;
    ownerCredentials = { cookie: owner.cookie };
  });

  describe('tags', () => {
    it('creates a tag with a trimmed name, a lower-cased expanded colour and no description', async () => {
      tick();
      const response = await request(server, 'POST', tagsPath(), ownerCredentials, {
        body: { name: '  Receipts  ', color: '#ABC' },
      });
      expect(response.status).toBe(201);
      const { tag } = await readJson<{ tag: TagDto }>(response);
      expect(tag).toEqual({
        id: expect.stringMatching(/^tag_[a-z0-9]{24}$/),
        organizationId,
        name: 'Receipts',
        color: '#aabbcc',
        description: null,
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
        documentsCount: 0,
      });
      const upper = await createTag(server, ownerCredentials, organizationId, {
        name: 'Upper',
        color: '#D8FF75',
        description: '  Shouting colours  ',
      });
      expect(upper).toMatchObject({ color: '#d8ff75', description: 'Shouting colours' });
    });

    it('refuses an empty name, 65 characters, a bad colour and a 257-character description', async () => {
      const invalid = [
        [{ name: '   ', color: '#ffffff' }, 'name'],
        [{ name: 'x'.repeat(65), color: '#ffffff' }, 'name'],
        [{ name: 'Colour', color: 'red' }, 'color'],
        [{ name: 'Colour', color: '#12345' }, 'color'],
        [{ name: 'Colour' }, 'color'],
        [{ name: 'Described', color: '#ffffff', description: 'd'.repeat(257) }, 'description'],
      ] as const;
      const before = await listTags(server, ownerCredentials, organizationId);
      for (const [body, path] of invalid) {
        const response = await request(server, 'POST', tagsPath(), ownerCredentials, { body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        const { error } = await readError(response);
        expect(error.code).toBe('api.validation_error');
        expect(error.details).toEqual([expect.objectContaining({ path })]);
      }
      expect(await listTags(server, ownerCredentials, organizationId)).toEqual(before);
      const longest = await createTag(server, ownerCredentials, organizationId, {
        name: 'n'.repeat(64),
        description: 'd'.repeat(256),
      });
      expect(longest.name).toHaveLength(64);
      expect(longest.description).toHaveLength(256);
    });

    it('keeps names unique per organization ignoring case, on create and on update', async () => {
      const invoices = await createTag(server, ownerCredentials, organizationId, { name: 'Invoices' });
      const taxes = await createTag(server, ownerCredentials, organizationId, { name: 'Taxes' });
      const duplicate = await request(server, 'POST', tagsPath(), ownerCredentials, {
        body: { name: ' INVOICES ', color: '#ffffff' },
      });
      expect(duplicate.status).toBe(409);
      expect((await readError(duplicate)).error).toEqual({
        code: 'tags.already_exists',
        message: 'A tag with this name already exists for this organization.',
      });
      const renamed = await request(server, 'PUT', `${tagsPath()}/${taxes.id}`, ownerCredentials, {
        body: { name: 'invoices', color: '#ffffff' },
      });
      expect(renamed.status).toBe(409);
      expect((await readError(renamed)).error.code).toBe('tags.already_exists');
      // A tag may change the case of its own name, and another organization may use the name.
      const recased = await request(server, 'PUT', `${tagsPath()}/${invoices.id}`, ownerCredentials, {
        body: { name: 'INVOICES', color: '#d8ff75' },
      });
      expect(recased.status).toBe(200);
      const elsewhere = await createTag(server, { cookie: outsider.cookie }, otherOrganizationId, {
        name: 'invoices',
      });
      expect(elsewhere.name).toBe('invoices');
    });

    it('ignores case beyond ASCII too, composed and decomposed accents alike, and lists accented names in place', async () => {
      const id = (await createOrganization(server, owner, 'Unicode names')).id;
      await createTag(server, ownerCredentials, id, { name: 'École' });
      await createTag(server, ownerCredentials, id, { name: 'Ärzte' });
      await createTag(server, ownerCredentials, id, { name: 'Łódź' });
      for (const name of ['école', 'ÉCOLE', 'e\u0301cole', 'ärzte', 'ŁÓDŹ']) {
        const response = await request(server, 'POST', `/api/organizations/${id}/tags`, ownerCredentials, {
          body: { name, color: '#ffffff' },
        });
        expect(response.status, name).toBe(409);
        expect((await readError(response)).error.code).toBe('tags.already_exists');
      }
      // Other letters stay other tags.
      await createTag(server, ownerCredentials, id, { name: 'Ecole' });
      expect((await listTags(server, ownerCredentials, id)).map(({ name }) => name)).toEqual([
        'Ärzte',
        'Ecole',
        'École',
        'Łódź',
      ]);
    });

    it('updates name, colour and description, and answers 404 tags.not_found for unknown or foreign tags', async () => {
      const tag = await createTag(server, ownerCredentials, organizationId, {
        name: 'Drafts',
        description: 'Work in progress',
      });
      tick();
      const response = await request(server, 'PUT', `${tagsPath()}/${tag.id}`, ownerCredentials, {
        body: { name: ' Final ', color: '#FF5C5C', description: null },
      });
      expect(response.status).toBe(200);
      const { tag: updated } = await readJson<{ tag: TagDto }>(response);
      expect(updated).toEqual({
        ...tag,
        name: 'Final',
        color: '#ff5c5c',
        description: null,
        updatedAt: clock.now().toISOString(),
      });
      const foreign = await createTag(server, { cookie: outsider.cookie }, otherOrganizationId, {
        name: 'Foreign',
      });
      for (const id of ['tag_unknown', foreign.id]) {
        const put = await request(server, 'PUT', `${tagsPath()}/${id}`, ownerCredentials, {
          body: { name: 'Taken', color: '#ffffff' },
        });
        expect(put.status).toBe(404);
        expect((await readError(put)).error.code).toBe('tags.not_found');
        const deleted = await request(server, 'DELETE', `${tagsPath()}/${id}`, ownerCredentials);
        expect(deleted.status).toBe(404);
        expect((await readError(deleted)).error.code).toBe('tags.not_found');
      }
      const untouched = await listTags(server, { cookie: outsider.cookie }, otherOrganizationId);
      expect(untouched.find(({ id }) => id === foreign.id)?.name).toBe('Foreign');
    });

    it('lists tags by name ignoring case, counting only documents outside the trash', async () => {
      const id = (await createOrganization(server, owner, 'Counting')).id;
      const zebra = await createTag(server, ownerCredentials, id, { name: 'zebra' });
      const apple = await createTag(server, ownerCredentials, id, { name: 'Apple' });
      const mango = await createTag(server, ownerCredentials, id, { name: 'mango' });
      const documents = [await newDocument('a.txt', id), await newDocument('b.txt', id)];
      for (const document of documents) {
        expect((await attachTag(server, ownerCredentials, id, document.id, apple.id)).status).toBe(201);
      }
      expect((await attachTag(server, ownerCredentials, id, documents[0]!.id, zebra.id)).status).toBe(201);
      let tags = await listTags(server, ownerCredentials, id);
      expect(tags.map(({ name, documentsCount }) => [name, documentsCount])).toEqual([
        ['Apple', 2],
        ['mango', 0],
        ['zebra', 1],
      ]);
      expect(tags[1]!.id).toBe(mango.id);
      await request(
        server,
        'DELETE',
        `/api/organizations/${id}/documents/${documents[0]!.id}`,
        ownerCredentials,
      );
      tags = await listTags(server, ownerCredentials, id);
      expect(tags.map(({ documentsCount }) => documentsCount)).toEqual([1, 0, 0]);
    });

    it('deletes a tag: documents lose it, activity entries stay without it, rules keep running without it', async () => {
      const id = (await createOrganization(server, owner, 'Deleting')).id;
      const doomed = await createTag(server, ownerCredentials, id, { name: 'Doomed' });
      const kept = await createTag(server, ownerCredentials, id, { name: 'Kept' });
      const document = await newDocument('doomed.txt', id);
      tick();
      await attachTag(server, ownerCredentials, id, document.id, doomed.id);
      const rule = await request(server, 'POST', `/api/organizations/${id}/tagging-rules`, ownerCredentials, {
        body: { name: 'Both', tagIds: [doomed.id, kept.id] },
      });
      expect(rule.status).toBe(201);
      const { taggingRule } = await readJson<{ taggingRule: { id: string } }>(rule);

      const response = await request(
        server,
        'DELETE',
        `/api/organizations/${id}/tags/${doomed.id}`,
        ownerCredentials,
      );
      expect(response.status).toBe(204);
      expect((await listTags(server, ownerCredentials, id)).map(({ name }) => name)).toEqual(['Kept']);
      expect((await getDocument(server, ownerCredentials, id, document.id)).tags).toEqual([]);
      const activities = await listActivities(server, ownerCredentials, id, document.id);
      expect(activities[0]).toMatchObject({ event: 'tagged', tag: null });
      const ruleAfter = await request(
        server,
        'GET',
        `/api/organizations/${id}/tagging-rules/${taggingRule.id}`,
        ownerCredentials,
      );
      expect(
        (await readJson<{ taggingRule: { actions: { tagId: string }[] } }>(ruleAfter)).taggingRule.actions,
      ).toEqual([{ tagId: kept.id, tag: { id: kept.id, name: 'Kept', color: kept.color } }]);
      const again = await request(
        server,
        'DELETE',
        `/api/organizations/${id}/tags/${doomed.id}`,
        ownerCredentials,
      );
      expect(again.status).toBe(404);
    });
  });

  describe('document tags', () => {
    it('attaches and detaches a tag, recording tagged and untagged entries with the tag and the user', async () => {
      const tag = await createTag(server, ownerCredentials, organizationId, {
        name: 'Contracts',
        color: '#4d7cff',
      });
      const document = await newDocument('contract.txt');
      tick();
      const attached = await attachTag(server, ownerCredentials, organizationId, document.id, tag.id);
      expect(attached.status).toBe(201);
      const { documentTag } = await readJson<{ documentTag: DocumentTagLinkDto }>(attached);
      expect(documentTag).toEqual({
        id: expect.stringMatching(/^dt_[a-z0-9]{24}$/),
        tagId: tag.id,
        documentId: document.id,
        createdAt: clock.now().toISOString(),
      });
      const tagged = await getDocument(server, ownerCredentials, organizationId, document.id);
      expect(tagged.tags).toEqual([{ id: tag.id, name: 'Contracts', color: '#4d7cff', description: null }]);
      // Tag changes are in the activity; the document's updatedAt tracks its name and content.
      expect(tagged.updatedAt).toBeNull();
      const filtered = await listDocuments(server, ownerCredentials, organizationId, `?tags=${tag.id}`);
      expect(filtered.documents.map(({ id }) => id)).toEqual([document.id]);

      tick();
      const detached = await detachTag(server, ownerCredentials, organizationId, document.id, tag.id);
      expect(detached.status).toBe(204);
      expect((await getDocument(server, ownerCredentials, organizationId, document.id)).tags).toEqual([]);
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      const user = { id: owner.userId, name: 'Olivia Owner' };
      const tagRef = { id: tag.id, name: 'Contracts', color: '#4d7cff' };
      expect(activities.slice(0, 2)).toEqual([
        expect.objectContaining({ event: 'untagged', tag: tagRef, user, eventData: null }),
        expect.objectContaining({ event: 'tagged', tag: tagRef, user, eventData: null }),
      ]);
    });

    it('attaches idempotently: a second attach answers 200 with the same link and records nothing', async () => {
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Twice' });
      const document = await newDocument('twice.txt');
      const first = await attachTag(server, ownerCredentials, organizationId, document.id, tag.id);
      expect(first.status).toBe(201);
      const second = await attachTag(server, ownerCredentials, organizationId, document.id, tag.id);
      expect(second.status).toBe(200);
      expect(await readJson(second)).toEqual(await readJson(first));
      const concurrent = await Promise.all(
        [1, 2, 3].map(() => attachTag(server, ownerCredentials, organizationId, document.id, tag.id)),
      );
      expect(concurrent.map(({ status }) => status)).toEqual([200, 200, 200]);
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities.filter(({ event }) => event === 'tagged')).toHaveLength(1);
      // Detaching a tag the document does not carry changes nothing either.
      expect((await detachTag(server, ownerCredentials, organizationId, document.id, tag.id)).status).toBe(
        204,
      );
      expect((await detachTag(server, ownerCredentials, organizationId, document.id, tag.id)).status).toBe(
        204,
      );
      const after = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(after.filter(({ event }) => event === 'untagged')).toHaveLength(1);
    });

    it("refuses another organization's or an unknown tag with 404 tags.not_found", async () => {
      const foreign = await createTag(server, { cookie: outsider.cookie }, otherOrganizationId, {
        name: 'Theirs',
      });
      const document = await newDocument('mine.txt');
      for (const tagId of [foreign.id, 'tag_unknown']) {
        const attached = await attachTag(server, ownerCredentials, organizationId, document.id, tagId);
        expect(attached.status).toBe(404);
        expect((await readError(attached)).error.code).toBe('tags.not_found');
        const detached = await detachTag(server, ownerCredentials, organizationId, document.id, tagId);
        expect(detached.status).toBe(404);
        expect((await readError(detached)).error.code).toBe('tags.not_found');
      }
      expect((await getDocument(server, ownerCredentials, organizationId, document.id)).tags).toEqual([]);
      const invalid = await request(
        server,
        'POST',
        `/api/organizations/${organizationId}/documents/${document.id}/tags`,
        ownerCredentials,
        { body: {} },
      );
      expect(invalid.status).toBe(400);
    });

    it('refuses a document in the trash, of another organization or unknown with 404 documents.not_found', async () => {
      const tag = await createTag(server, ownerCredentials, organizationId, { name: 'Trash check' });
      const trashed = await newDocument('trashed.txt');
      expect((await attachTag(server, ownerCredentials, organizationId, trashed.id, tag.id)).status).toBe(
        201,
      );
      await request(
        server,
        'DELETE',
        `/api/organizations/${organizationId}/documents/${trashed.id}`,
        ownerCredentials,
      );
      const foreign = await newDocument('foreign.txt', otherOrganizationId, { cookie: outsider.cookie });
      for (const documentId of [trashed.id, foreign.id, 'doc_unknown']) {
        const attached = await attachTag(server, ownerCredentials, organizationId, documentId, tag.id);
        expect(attached.status, documentId).toBe(404);
        expect((await readError(attached)).error.code).toBe('documents.not_found');
        const detached = await detachTag(server, ownerCredentials, organizationId, documentId, tag.id);
        expect(detached.status, documentId).toBe(404);
        expect((await readError(detached)).error.code).toBe('documents.not_found');
      }
      expect((await getDocument(server, ownerCredentials, organizationId, trashed.id)).tags).toHaveLength(1);
    });

    it('needs tags:* permissions for tags and documents:update for tagging documents with an API key', async () => {
      const reader = await createApiKey(server, owner, {
        permissions: ['tags:read'],
        organizationIds: [organizationId],
      });
      const manager = await createApiKey(server, owner, {
        permissions: ['tags:create', 'tags:update', 'tags:delete'],
        organizationIds: [organizationId],
      });
      const tagger = await createApiKey(server, owner, {
        permissions: ['documents:update'],
        organizationIds: [organizationId],
      });
      expect((await request(server, 'GET', tagsPath(), { token: reader })).status).toBe(200);
      expect((await request(server, 'GET', tagsPath(), { token: manager })).status).toBe(403);
      const body = { name: 'By key', color: '#ffffff' };
      expect((await request(server, 'POST', tagsPath(), { token: reader }, { body })).status).toBe(403);
      const created = await request(server, 'POST', tagsPath(), { token: manager }, { body });
      expect(created.status).toBe(201);
      const { tag } = await readJson<{ tag: TagDto }>(created);
      expect(
        (await request(server, 'PUT', `${tagsPath()}/${tag.id}`, { token: reader }, { body })).status,
      ).toBe(403);
      expect(
        (await request(server, 'PUT', `${tagsPath()}/${tag.id}`, { token: manager }, { body })).status,
      ).toBe(200);
      const document = await newDocument('keyed.txt');
      tick();
      expect((await attachTag(server, { token: manager }, organizationId, document.id, tag.id)).status).toBe(
        403,
      );
      expect((await attachTag(server, { token: tagger }, organizationId, document.id, tag.id)).status).toBe(
        201,
      );
      expect((await detachTag(server, { token: reader }, organizationId, document.id, tag.id)).status).toBe(
        403,
      );
      tick();
      expect((await detachTag(server, { token: tagger }, organizationId, document.id, tag.id)).status).toBe(
        204,
      );
      const activities = await listActivities(server, ownerCredentials, organizationId, document.id);
      expect(activities[0]).toMatchObject({ event: 'untagged', user: { id: owner.userId } });
      expect((await request(server, 'DELETE', `${tagsPath()}/${tag.id}`, { token: tagger })).status).toBe(
        403,
      );
      expect((await request(server, 'DELETE', `${tagsPath()}/${tag.id}`, { token: manager })).status).toBe(
        204,
      );
    });
  });
});
