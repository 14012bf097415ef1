import { describe, expect, it } from 'vitest';
import { signUnlock, verifyUnlock } from './share-links.models';
import { pickPageLocale } from './share-links.page-locales';

describe('the public page language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT,pt;q=0.9', 'pt'],
    ['ja, de;q=0.3, it;q=0.5', 'it'],
    ['es;q=0, ro', 'ro'],
    ['*', 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(pickPageLocale(header)).toBe(locale);
  });
});

describe('the unlock cookie', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const value = signUnlock({
    secret: 'secret',
    linkId: 'shl_1',
    passwordHash: 'hash',
    expiresAtMs: now.getTime() + 1000,
  });
  const verify = (overrides: Partial<Parameters<typeof verifyUnlock>[0]>) =>
    verifyUnlock({ secret: 'secret', linkId: 'shl_1', passwordHash: 'hash', value, now, ...overrides });

  it('lets in the visitor of this link, with this password, until it expires', () => {
    expect(verify({})).toBe(true);
    expect(verify({ now: new Date(now.getTime() + 1000) })).toBe(false);
  });

  it('is worth nothing for another link, password or secret, or once tampered with', () => {
    expect(verify({ linkId: 'shl_2' })).toBe(false);
    expect(verify({ passwordHash: 'other' })).toBe(false);
    expect(verify({ secret: 'other' })).toBe(false);
    expect(verify({ value: value.replace(/^\d+/, String(now.getTime() + 10_000_000)) })).toBe(false);
    expect(verify({ value: undefined })).toBe(false);
    expect(verify({ value: 'garbage' })).toBe(false);
  });
});
