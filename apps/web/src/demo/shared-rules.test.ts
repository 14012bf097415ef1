import { type CataloguedErrorCode, errorMessage, errorStatus } from '@sheaf/contracts/errors';
import { parseSearchQuery, SEARCH_LETTER_FOLDS } from '@sheaf/contracts/search-text';
import { isSameTagName } from '@sheaf/contracts/tag-names';
import { createDemoApi, type DemoApi } from './api';
import { readBytes } from './context';
import { callDemo } from './demo-test-helpers';
import { matchesQuery } from './search';
import { DEMO_ORGANIZATION_ID } from './seed';
import { createMemoryPersistence, type DemoPersistence } from './state';

/**
 * The demo answers by the server's rules, taken from contracts rather than copied: how search
 * folds text, when two tag names are one tag, how validation issues read, which status a code has.
 */

const ORG = `/api/organizations/${DEMO_ORGANIZATION_ID}`;

let persistence: DemoPersistence;
let api: DemoApi;

const startDemo = () =>
  createDemoApi({
    persistence,
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    sleep: async () => {},
    extractText: async (file, mimeType) =>
      mimeType.startsWith('text/') ? new TextDecoder().decode(await readBytes(file)) : '',
  });

beforeEach(async () => {
  persistence = createMemoryPersistence();
  api = await startDemo();
});

const call = (method: string, path: string, body?: unknown) => callDemo(api, method, path, body);

async function upload(name: string, content: string) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/plain' }));
  const created = await call('POST', `${ORG}/documents`, form);
  expect(created.status).toBe(201);
  return (created.body.document as { id: string }).id;
}

type Hit = { id: string; snippet: string; matches: { start: number; end: number }[] };

async function search(query: string) {
  const answer = await call('GET', `${ORG}/documents/search?searchQuery=${encodeURIComponent(query)}`);
  expect(answer.status).toBe(200);
  return answer.body.documents as Hit[];
}

const highlighted = ({ snippet, matches }: Hit) => matches.map(({ start, end }) => snippet.slice(start, end));

describe('search folds text as the server does', () => {
  test('every one of the 17 letters the server folds is folded (the demo knew 7)', () => {
    expect(SEARCH_LETTER_FOLDS).toHaveLength(17);
    for (const [letter, folded] of SEARCH_LETTER_FOLDS) {
      const document = { name: 'notes.txt', content: `ab${letter}cd` };
      expect(matchesQuery(document, parseSearchQuery(`ab${folded}cd`)), letter).toBe(true);
      expect(matchesQuery(document, parseSearchQuery(`AB${folded.toUpperCase()}CD`)), letter).toBe(true);
    }
  });

  test('finds þ, ð and Ð as th and d, and compatibility forms such as ﬁ, with the original highlighted', async () => {
    const id = await upload(
      'Reykjavík trip.txt',
      'Booking for Þingvellir with Guðrún, the ﬁnal ÐORĐE invoice',
    );
    expect((await search('thingvellir')).map((hit) => hit.id)).toEqual([id]);
    expect((await search('gudrun')).map((hit) => hit.id)).toEqual([id]);
    expect((await search('dorde')).map((hit) => hit.id)).toEqual([id]);
    const [hit] = await search('final');
    expect(hit && highlighted(hit)).toEqual(['ﬁnal']);
    const [both] = await search('thingvellir gudrun');
    expect(both && highlighted(both)).toEqual(['Þingvellir', 'Guðrún']);
  });

  test('short words match the start of a name word, folded alike', async () => {
    const id = await upload('Þór and Øresund.txt', 'nothing to see');
    expect((await search('th or')).map((hit) => hit.id)).toEqual([id]);
    expect((await search('or')).map((hit) => hit.id)).toContain(id);
    expect(await search('qz')).toEqual([]);
  });
});

describe('tag names are one tag by their key, as on the server', () => {
  test('a composed and a decomposed é are the same letter, whatever the case', () => {
    expect(isSameTagName('Café', 'Cafe\u0301')).toBe(true);
    expect(isSameTagName('CAFE\u0301', 'café')).toBe(true);
    expect(isSameTagName('Café', 'Cafe')).toBe(false);
  });

  test('a tag stored with a decomposed name refuses the composed one (409 tags.already_exists)', async () => {
    // A name kept as typed before names were NFC-normalized: the demo's state persists across versions.
    const state = await persistence.loadState();
    const stored = state?.tags.find(({ organizationId }) => organizationId === DEMO_ORGANIZATION_ID);
    if (!state || !stored) throw new Error('The seed has a tag');
    stored.name = 'Cafe\u0301 receipts';
    await persistence.saveState(state);
    api = await startDemo();

    const created = await call('POST', `${ORG}/tags`, { name: 'CAFÉ receipts', color: '#d8ff75' });
    expect(created.status).toBe(errorStatus('tags.already_exists'));
    expect(created.body.error).toEqual({
      code: 'tags.already_exists',
      message: errorMessage('tags.already_exists'),
    });
    const other = (await call('POST', `${ORG}/tags`, { name: 'Other', color: '#d8ff75' })).body.tag as {
      id: string;
    };
    const renamed = await call('PUT', `${ORG}/tags/${other.id}`, { name: 'café Receipts', color: '#d8ff75' });
    expect(renamed.status).toBe(409);
    // The tag itself may take any form of its own name.
    const own = await call('PUT', `${ORG}/tags/${stored.id}`, { name: 'Café receipts', color: '#d8ff75' });
    expect(own.status).toBe(200);
  });
});

describe('validation issues read as the server writes them', () => {
  test('each unknown body key is an issue of its own, its path naming the key', async () => {
    const answer = await call('POST', `${ORG}/tags`, {
      name: 'Fine',
      color: '#d8ff75',
      colour: 'x',
      size: 2,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'api.validation_error',
      message: 'The request is invalid.',
      details: [
        { path: 'colour', message: 'Unknown field "colour"', code: 'unrecognized_keys' },
        { path: 'size', message: 'Unknown field "size"', code: 'unrecognized_keys' },
      ],
    });
  });
});

describe('error answers carry the catalogue status of their code', () => {
  const cases: { method: string; path: string; body?: unknown }[] = [
    { method: 'GET', path: '/api/organizations/org_000000000000000000000000/documents' },
    { method: 'GET', path: `${ORG}/documents/doc_000000000000000000000000` },
    { method: 'PUT', path: `${ORG}/tags/tag_000000000000000000000000`, body: { name: 'X', color: '#fff' } },
    { method: 'GET', path: `${ORG}/tagging-rules/tr_000000000000000000000000` },
    { method: 'POST', path: `${ORG}/tags`, body: { name: '' } },
  ];
  test.each(cases)('$method $path', async ({ method, path, body }) => {
    const answer = await call(method, path, body);
    const code = (answer.body.error as { code: CataloguedErrorCode }).code;
    expect(answer.status).toBe(errorStatus(code));
  });
});
