import { createHash } from 'node:crypto';
import type { ShareLinkDto } from '@sheaf/contracts/share-links';
import { verifyPassword } from 'better-auth/crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { createTestClock } from '../../test/test-clock';
import { testDialects, useTestDatabase } from '../../test/test-database';
import {
  type Credentials,
  createDocument,
  listActivities,
  request,
} from '../documents/documents.test-helpers';
import {
  addMember,
  createApiKey,
  createOrganization,
  createOrganizationWithMembers,
  DAY_MS,
  type TestUser,
} from '../organizations/organizations.test-helpers';

type Created = { shareLink: ShareLinkDto; token: string; url: string };

describe.each(testDialects)('share links on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  const clock = createTestClock(new Date('2026-03-01T10:00:00.000Z'));
  const { server, smtp } = useApiTestServer(testDatabase, {
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
  let uploads = 0;

  const organizationPath = (id = organizationId) => `/api/organizations/${id}`;
  const newDocument = async (name = 'Lease.txt', id = organizationId) => {
    clock.advance(1000);
    uploads += 1;
    return createDocument(server, as(owner), id, {
      name,
      data: `The lease of the flat (upload ${uploads})`,
      type: 'text/plain',
    });
  };
  const share = (
    user: Credentials,
    documentId: string,
    body: Record<string, unknown> = { expiresIn: '7d', allowDownload: true },
    id = organizationId,
  ) => {
    // A second after the previous change, so that activity entries have an order.
    clock.advance(1000);
    return request(server, 'POST', `${organizationPath(id)}/documents/${documentId}/share-links`, user, {
      body,
    });
  };
  const created = async (response: Response) => {
    expect(response.status).toBe(201);
    return readJson<Created>(response);
  };
  const visit = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers });
  const postPassword = (token: string, password: string) =>
    server.app.request(`/s/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }).toString(),
    });
  const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

  beforeAll(async () => {
    ({ owner, admin, member, other, outsider, organizationId } = await createOrganizationWithMembers(
      server,
      smtp,
      { emailPrefix: 'share', organizationName: 'Shared archive' },
    ));
  });

  it('makes a link whose token is shown once and stored hashed, with a share_link_created entry', async () => {
    const document = await newDocument('Lease 2026.txt');
    const { shareLink, token, url } = await created(await share(as(member), document.id));
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`${server.config.env.APP_BASE_URL}/s/${token}`);
    expect(shareLink).toMatchObject({
      documentId: document.id,
      documentName: 'Lease 2026.txt',
      createdBy: { id: member.userId, name: 'Mia Member' },
      hasPassword: false,
      allowDownload: true,
      lastAccessedAt: null,
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const row = await testDatabase.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', shareLink.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const activities = await listActivities(server, as(owner), organizationId, document.id);
    expect(activities[0]).toMatchObject({
      event: 'share_link_created',
      eventData: { shareLinkId: shareLink.id },
      user: { id: member.userId },
    });
    const forDocument = await request(
      server,
      'GET',
      `${organizationPath()}/documents/${document.id}/share-links`,
      as(other),
    );
    expect(
      (await readJson<{ shareLinks: ShareLinkDto[] }>(forDocument)).shareLinks.map(({ id }) => id),
    ).toEqual([shareLink.id]);
  });

  it('serves a public page with the name and preview, noindex, no referrer and a strict CSP, and records the access', async () => {
    const document = await newDocument('Insurance <policy>.txt');
    const { shareLink, token } = await created(
      await share(as(owner), document.id, { expiresIn: 'never', allowDownload: false }),
    );
    const page = await visit(`/s/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('script-src');
    const html = await page.text();
    expect(html).toContain('Insurance &lt;policy&gt;.txt');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow, noarchive">');
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).toContain(`/s/${token}/file`);
    expect(html).not.toContain('/download');
    expect(html).not.toContain('<script');

    const preview = await visit(`/s/${token}/file`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect(await preview.text()).toMatch(/^The lease of the flat/);
    expect((await visit(`/s/${token}/download`)).status).toBe(404);

    const links = await request(server, 'GET', `${organizationPath()}/share-links`, as(owner));
    const listed = (await readJson<{ shareLinks: ShareLinkDto[] }>(links)).shareLinks.find(
      ({ id }) => id === shareLink.id,
    );
    expect(listed?.lastAccessedAt).toBe(clock.now().toISOString());
    // Opened again within the minute: one entry.
    await visit(`/s/${token}`);
    const opened = (await listActivities(server, as(owner), organizationId, document.id)).filter(
      ({ event }) => event === 'share_link_opened',
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ user: null, eventData: { shareLinkId: shareLink.id } });
  });

  it('offers the download only when allowed, as an attachment', async () => {
    const document = await newDocument('Payslip.txt');
    const { token } = await created(
      await share(as(owner), document.id, { expiresIn: '1d', allowDownload: true }),
    );
    expect(await (await visit(`/s/${token}`)).text()).toContain(`/s/${token}/download`);
    const download = await visit(`/s/${token}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await download.text()).toMatch(/^The lease of the flat/);
  });

  it('answers 410 once the link has expired, and leaves it out of the lists', async () => {
    const document = await newDocument('Expiring.txt');
    const { shareLink, token } = await created(
      await share(as(owner), document.id, { expiresIn: '1d', allowDownload: true }),
    );
    clock.advance(DAY_MS - 1000);
    expect((await visit(`/s/${token}`)).status).toBe(200);
    clock.advance(1000);
    const expired = await visit(`/s/${token}`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This link has expired');
    expect((await visit(`/s/${token}/file`)).status).toBe(410);
    const links = await request(server, 'GET', `${organizationPath()}/share-links`, as(owner));
    expect(
      (await readJson<{ shareLinks: ShareLinkDto[] }>(links)).shareLinks.map(({ id }) => id),
    ).not.toContain(shareLink.id);
  });

  it('asks for the password, hashed like account passwords, and lets the visitor in with a cookie for this link', async () => {
    const document = await newDocument('Secret.txt');
    const { shareLink, token } = await created(
      await share(as(owner), document.id, { expiresIn: '7d', password: 'open sesame', allowDownload: true }),
    );
    expect(shareLink.hasPassword).toBe(true);
    const row = await testDatabase.db
      .selectFrom('share_links')
      .select('password_hash')
      .where('id', '=', shareLink.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('open sesame');
    expect(await verifyPassword({ hash: row.password_hash ?? '', password: 'open sesame' })).toBe(true);

    const locked = await visit(`/s/${token}`);
    expect(locked.status).toBe(200);
    const lockedHtml = await locked.text();
    expect(lockedHtml).toContain('type="password"');
    expect(lockedHtml).not.toContain('Secret.txt');
    expect((await visit(`/s/${token}/file`)).status).toBe(404);
    expect((await visit(`/s/${token}/download`)).status).toBe(404);

    const wrong = await postPassword(token, 'open barley');
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('This password is not the right one.');
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await postPassword(token, 'open sesame');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/s/${token}`);
    expect(right.headers.get('set-cookie')).toContain(`Path=/s/${token}`);
    expect(right.headers.get('set-cookie')).toContain('HttpOnly');
    const cookie = cookieOf(right);
    const page = await visit(`/s/${token}`, { cookie });
    expect(await page.text()).toContain('Secret.txt');
    expect((await visit(`/s/${token}/file`, { cookie })).status).toBe(200);

    // The cookie is worth nothing for another link with the same password.
    const sibling = await created(
      await share(as(owner), document.id, { expiresIn: '7d', password: 'open sesame', allowDownload: true }),
    );
    expect(
      await (await visit(`/s/${sibling.token}`, { cookie: cookie.replace(/^[^=]+/, 'sheaf_share') })).text(),
    ).toContain('type="password"');
  });

  it('limits wrong passwords per link: 429 with Retry-After, even for the right one, until the window ends', async () => {
    const document = await newDocument('Guarded.txt');
    const { token } = await created(
      await share(as(owner), document.id, {
        expiresIn: 'never',
        password: 'right one',
        allowDownload: false,
      }),
    );
    const { token: otherToken } = await created(
      await share(as(owner), document.id, {
        expiresIn: 'never',
        password: 'right one',
        allowDownload: false,
      }),
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postPassword(token, `guess ${attempt}`)).status).toBe(403);
    }
    const limited = await postPassword(token, 'guess 6');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(15 * 60);
    expect((await postPassword(token, 'right one')).status).toBe(429);
    // Another link is not limited by this one's attempts.
    expect((await postPassword(otherToken, 'right one')).status).toBe(303);

    clock.advance(10 * 60 * 1000);
    expect(Number((await postPassword(token, 'right one')).headers.get('retry-after'))).toBe(5 * 60);
    clock.advance(5 * 60 * 1000);
    expect((await postPassword(token, 'right one')).status).toBe(303);
  });

  it('revokes a link at once: its creator, admins and owners may, other members may not', async () => {
    const document = await newDocument('Revocable.txt');
    const first = await created(await share(as(member), document.id));
    const second = await created(await share(as(member), document.id));
    const revoke = (user: TestUser, shareLinkId: string) => {
      clock.advance(1000);
      return request(server, 'DELETE', `${organizationPath()}/share-links/${shareLinkId}`, as(user));
    };

    const refused = await revoke(other, first.shareLink.id);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('auth.forbidden');
    expect((await visit(`/s/${first.token}`)).status).toBe(200);

    expect((await revoke(member, first.shareLink.id)).status).toBe(204);
    const gone = await visit(`/s/${first.token}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('This link does not work');
    expect((await visit(`/s/${first.token}/file`)).status).toBe(404);
    const again = await revoke(member, first.shareLink.id);
    expect(again.status).toBe(404);
    expect((await readError(again)).error.code).toBe('share_links.not_found');

    expect((await revoke(admin, second.shareLink.id)).status).toBe(204);
    const activities = await listActivities(server, as(owner), organizationId, document.id);
    expect(
      activities.filter(({ event }) => event === 'share_link_revoked').map(({ user }) => user?.id),
    ).toEqual([admin.userId, member.userId]);
  });

  it('answers 404 for a document in the trash, and makes no link to one', async () => {
    const document = await newDocument('Trashed.txt');
    const { token } = await created(await share(as(owner), document.id));
    expect(
      (await request(server, 'DELETE', `${organizationPath()}/documents/${document.id}`, as(owner))).status,
    ).toBe(204);
    expect((await visit(`/s/${token}`)).status).toBe(404);
    expect((await visit(`/s/${token}/file`)).status).toBe(404);
    const refused = await share(as(owner), document.id);
    expect(refused.status).toBe(404);
    expect((await readError(refused)).error.code).toBe('documents.not_found');
    expect(
      (await request(server, 'POST', `${organizationPath()}/documents/${document.id}/restore`, as(owner)))
        .status,
    ).toBe(200);
    expect((await visit(`/s/${token}`)).status).toBe(200);
  });

  it('serves byte ranges of the preview, and 416 outside the file', async () => {
    const document = await newDocument('Ranged.txt');
    const { token } = await created(await share(as(owner), document.id));
    const range = await visit(`/s/${token}/file`, { range: 'bytes=4-8' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('lease');
    expect(range.headers.get('content-range')).toMatch(/^bytes 4-8\/\d+$/);
    const outside = await visit(`/s/${token}/file`, { range: 'bytes=100000-' });
    expect(outside.status).toBe(416);
  });

  it("answers 404 once the document's organization is deleted", async () => {
    const id = (await createOrganization(server, owner, 'Short-lived')).id;
    const document = await newDocument('Ephemeral.txt', id);
    const { token } = await created(await share(as(owner), document.id, undefined, id));
    expect((await visit(`/s/${token}`)).status).toBe(200);
    expect((await request(server, 'DELETE', organizationPath(id), as(owner))).status).toBe(204);
    expect((await visit(`/s/${token}`)).status).toBe(404);
  });

  it('answers 404 pages, never a 500 or the app, for unknown, malformed and odd paths', async () => {
    for (const path of [
      '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/s/short',
      `/s/${'x'.repeat(500)}`,
      '/s/%00%ff',
      '/s/',
      '/s',
      '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/file',
      '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/download',
      '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/elsewhere',
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(response.headers.get('x-robots-tag'), path).toContain('noindex');
    }
    const posted = await postPassword('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x');
    expect(posted.status).toBe(404);
  });

  it("speaks the visitor's language", async () => {
    const response = await visit('/s/unknown', { 'accept-language': 'de-CH, fr;q=0.5' });
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Dieser Link funktioniert nicht');
    const portuguese = await (await visit('/s/unknown', { 'accept-language': 'pt-BR' })).text();
    expect(portuguese).toContain('<html lang="pt-BR">');
  });

  it('lets owners turn share links off: existing links stop at once and none can be made', async () => {
    const id = (await createOrganization(server, owner, 'Switchable')).id;
    await addMember(server, owner, id, admin, 'admin');
    const document = await newDocument('Switch.txt', id);
    const { token } = await created(await share(as(owner), document.id, undefined, id));
    const settingsPath = `${organizationPath(id)}/share-link-settings`;
    const read = await request(server, 'GET', settingsPath, as(admin));
    expect(await readJson(read)).toEqual({ shareLinkSettings: { isEnabled: true } });

    const byAdmin = await request(server, 'PUT', settingsPath, as(admin), { body: { isEnabled: false } });
    expect(byAdmin.status).toBe(403);
    const off = await request(server, 'PUT', settingsPath, as(owner), { body: { isEnabled: false } });
    expect(await readJson(off)).toEqual({ shareLinkSettings: { isEnabled: false } });
    expect((await visit(`/s/${token}`)).status).toBe(404);
    const refused = await share(as(owner), document.id, undefined, id);
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('share_links.disabled');

    await request(server, 'PUT', settingsPath, as(owner), { body: { isEnabled: true } });
    expect((await visit(`/s/${token}`)).status).toBe(200);
  });

  it('revokes every link of the organization (owners and admins)', async () => {
    const id = (await createOrganization(server, owner, 'Revoke all')).id;
    await addMember(server, owner, id, member, 'member');
    const document = await newDocument('Many.txt', id);
    const tokens = [];
    for (let index = 0; index < 3; index += 1) {
      tokens.push((await created(await share(as(member), document.id, undefined, id))).token);
    }
    expect((await request(server, 'DELETE', `${organizationPath(id)}/share-links`, as(member))).status).toBe(
      403,
    );
    const revoked = await request(server, 'DELETE', `${organizationPath(id)}/share-links`, as(owner));
    expect(await readJson(revoked)).toEqual({ revokedCount: 3 });
    for (const token of tokens) expect((await visit(`/s/${token}`)).status).toBe(404);
    const list = await request(server, 'GET', `${organizationPath(id)}/share-links`, as(owner));
    expect(await readJson(list)).toEqual({ shareLinks: [], shareLinksCount: 0 });
  });

  it('needs documents:share of an API key, and refuses outsiders', async () => {
    const document = await newDocument('Keyed.txt');
    const withoutShare = await createApiKey(server, owner, {
      permissions: ['documents:read', 'documents:update'],
      organizationIds: [organizationId],
    });
    const refused = await share({ token: withoutShare }, document.id);
    expect(refused.status).toBe(403);
    const withShare = await createApiKey(server, owner, {
      permissions: ['documents:share'],
      organizationIds: [organizationId],
    });
    await created(await share({ token: withShare }, document.id));
    expect((await share(as(outsider), document.id)).status).toBe(403);
  });

  it('validates the body: expiry, password length, unknown keys', async () => {
    const document = await newDocument('Validated.txt');
    for (const body of [
      { expiresIn: '2d', allowDownload: true },
      { expiresIn: '7d', allowDownload: true, password: 'abc' },
      { expiresIn: '7d', allowDownload: true, password: 'x'.repeat(129) },
      { expiresIn: '7d' },
      { expiresIn: '7d', allowDownload: true, token: 'mine' },
    ]) {
      const response = await share(as(owner), document.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});
