import { createHmac } from 'node:crypto';
import { generateWebhookSecret } from '@sheaf/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { buildWebhookHeaders } from './webhooks.delivery';
import {
  retryDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookEventOf,
} from './webhooks.models';
import { webhookSigningKey } from './webhooks.signing';
import { findNonPublicAddress, isPublicAddress } from './webhooks.ssrf';

describe('the SSRF guard', () => {
  it('lets public unicast addresses through and refuses every internal range', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.251',
      '192.0.2.1',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('resolves names at save time and reports the first internal address', async () => {
    const resolve = async (host: string) =>
      ({ 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['93.184.215.14', '10.1.2.3'] })[
        host
      ] ?? [];
    expect(await findNonPublicAddress('https://hooks.example.com/x', resolve)).toBeUndefined();
    expect(await findNonPublicAddress('https://rebind.example.com/x', resolve)).toBe('10.1.2.3');
    expect(await findNonPublicAddress('http://[::1]:8080/x', resolve)).toBe('::1');
    expect(await findNonPublicAddress('http://0x7f.1/x', resolve)).toBe('127.0.0.1');
    // A name that does not resolve now is left to the check at delivery.
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await findNonPublicAddress('https://not-yet.example.com/x', failing)).toBeUndefined();
  });
});

describe('webhook signatures', () => {
  it('uses the decoded bytes of a whsec_ secret and the UTF-8 bytes of any other', () => {
    expect(webhookSigningKey('whsec_aGVsbG8=')).toEqual(Buffer.from('hello'));
    expect(webhookSigningKey('plain')).toEqual(Buffer.from('plain', 'utf8'));
    // Not base64 after the prefix: the whole text is the key.
    expect(webhookSigningKey('whsec_not base64!')).toEqual(Buffer.from('whsec_not base64!', 'utf8'));
  });

  it('signs generated secrets so that the standardwebhooks library verifies them', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: 'document:created', timestamp: new Date().toISOString(), data: {} });
    const headers = buildWebhookHeaders({ messageId: 'msg_abc', body, secret, now: new Date() });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('signs plain secrets as HMAC-SHA256 over "id.timestamp.body" with the secret text', () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    const headers = buildWebhookHeaders({ messageId: 'msg_abc', body: '{}', secret: 'secret', now });
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    const expected = createHmac('sha256', 'secret')
      .update(`msg_abc.${now.getTime() / 1000}.{}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });
});

describe('webhook retries and events', () => {
  it('waits 5 s, 30 s, 2 min, 10 min, 1 h, 4 h and 12 h between attempts, within 20 % jitter', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    WEBHOOK_RETRY_DELAYS_MS.forEach((base, index) => {
      expect(retryDelayMs({ attempts: index + 1, random: () => 0 })).toBe(base * 0.8);
      expect(retryDelayMs({ attempts: index + 1, random: () => 1 })).toBe(base * 1.2);
    });
    expect(retryDelayMs({ attempts: WEBHOOK_MAX_ATTEMPTS })).toBeUndefined();
  });

  it('maps document activity to webhook events, a restore and a note deletion to none', () => {
    expect(webhookEventOf('created')).toBe('document:created');
    expect(webhookEventOf('updated')).toBe('document:updated');
    expect(webhookEventOf('deleted')).toBe('document:deleted');
    expect(webhookEventOf('tagged')).toBe('document:tag:added');
    expect(webhookEventOf('untagged')).toBe('document:tag:removed');
    expect(webhookEventOf('note_added')).toBe('document:note:created');
    expect(webhookEventOf('restored')).toBeUndefined();
    expect(webhookEventOf('note_deleted')).toBeUndefined();
  });
});
