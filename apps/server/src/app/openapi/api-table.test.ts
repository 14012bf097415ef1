import fs from 'node:fs';
import { defineEndpoint } from '@sheaf/contracts/endpoint';
import { allEndpoints } from '@sheaf/contracts/endpoints';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  API_TABLE_END,
  API_TABLE_START,
  describeCaller,
  README_PATH,
  readApiTable,
  renderApiTable,
  replaceApiTable,
} from './api-table';

const FIX = 'run `npm run docs:api -w @sheaf/server` (or `npm run docs:api` in apps/server) to regenerate it';

describe("README's API table", () => {
  const readme = fs.readFileSync(README_PATH, 'utf8');

  it('is the one generated from the endpoint catalogue', () => {
    const table = readApiTable(readme);
    expect(table, `README.md has no ${API_TABLE_START} … ${API_TABLE_END} section`).not.toBeNull();
    expect(table, `README.md's API table differs from the endpoint catalogue: ${FIX}`).toBe(
      renderApiTable(allEndpoints),
    );
  });

  it('is the only route table of the README: no hand-kept row outside the markers', () => {
    const outside = replaceApiTable(readme, '');
    const routeRows = outside
      .split('\n')
      .filter((line) => /^\|\s*`(GET|POST|PUT|PATCH|DELETE)\b[^`]*\/api\//.test(line));
    expect(routeRows, `Describe endpoints in packages/contracts, then ${FIX}`).toEqual([]);
  });
});

describe('renderApiTable', () => {
  const tags = defineEndpoint({
    method: 'POST',
    path: '/api/organizations/:organizationId/tags',
    tag: 'Tags',
    summary: 'Create a tag',
    description: 'Names are unique; a `a | b` pipe is escaped.',
    auth: { apiKeyPermission: 'tags:create' },
    body: z.strictObject({ name: z.string(), description: z.string().nullish() }),
    answers: { 201: z.strictObject({ tag: z.strictObject({ id: z.string() }) }) },
  });

  it('writes one row per endpoint: path with {param}, caller, permission, and summary, exchange and description', () => {
    expect(renderApiTable([tags]).split('\n')).toEqual([
      '| Method and path | Auth | API-key permission | Answer |',
      '|---|---|---|---|',
      '| `POST /api/organizations/{organizationId}/tags` | member (session or key) | `tags:create` | Create a tag: body `{ name, description? }` → 201 `{ tag }`. Names are unique; a `a \\| b` pipe is escaped. |',
    ]);
  });

  it('names the caller from the auth, the roles and whether the route is an organization’s', () => {
    const organization = '/api/organizations/:organizationId/things';
    expect(describeCaller({ auth: 'none', path: '/api/config' })).toBe('none');
    expect(describeCaller({ auth: 'signature', path: '/api/stripe/webhook' })).toBe('signature');
    expect(describeCaller({ auth: 'session', path: '/api/users/me' })).toBe('session');
    expect(
      describeCaller({ auth: { apiKeyPermission: 'organizations:read' }, path: '/api/organizations' }),
    ).toBe('session or key');
    expect(describeCaller({ auth: 'session', path: organization })).toBe('member (session)');
    expect(describeCaller({ auth: 'session', roles: ['owner', 'admin'], path: organization })).toBe(
      'owner or admin (session)',
    );
    expect(
      describeCaller({
        auth: { apiKeyPermission: 'organizations:delete' },
        roles: ['owner'],
        path: organization,
      }),
    ).toBe('owner (session or key)');
  });

  it('outlines answers that are not objects, files and empty answers', () => {
    const endpoint = defineEndpoint({
      method: 'GET',
      path: '/api/things/:thingId',
      tag: 'Things',
      summary: 'A thing.',
      auth: 'session',
      query: z.strictObject({ full: z.string().optional() }),
      answers: {
        200: z.strictObject({ id: z.string() }).nullable(),
        204: null,
        206: { file: { mediaTypes: ['application/pdf'], description: 'Part of it' } },
      },
    });
    expect(renderApiTable([endpoint]).split('\n')[2]).toBe(
      '| `GET /api/things/{thingId}` | session | — | A thing: query `full` → 200 `{ id } \\| null`, 204, 206 the file. |',
    );
  });

  it('replaces only what is between the markers', () => {
    const readme = `# A\n\nbefore\n\n${API_TABLE_START}\nold\n${API_TABLE_END}\n\nafter\n`;
    expect(replaceApiTable(readme, 'new')).toBe(
      `# A\n\nbefore\n\n${API_TABLE_START}\nnew\n${API_TABLE_END}\n\nafter\n`,
    );
    expect(() => replaceApiTable('# A\n', 'new')).toThrow(/api-table:start/);
  });
});
