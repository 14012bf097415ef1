import { createHmac } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@sheaf/contracts/webhooks';

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The HMAC key of a webhook secret: for a Standard Webhooks secret (`whsec_` followed by base64)
 * the decoded bytes, as the `standardwebhooks` libraries use it; for any other secret its UTF-8
 * bytes, as a receiver computing a plain HMAC with the secret text does (the peer product's
 * verifier).
 */
export function webhookSigningKey(secret: string): Buffer {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
    if (encoded !== '' && STRICT_BASE64.test(encoded)) return Buffer.from(encoded, 'base64');
  }
  return Buffer.from(secret, 'utf8');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (Standard Webhooks `webhook-signature`). */
export function signWebhook({
  secret,
  messageId,
  timestamp,
  body,
}: {
  secret: string;
  messageId: string;
  /** Unix seconds, as sent in `webhook-timestamp`. */
  timestamp: number;
  body: string;
}): string {
  const signature = createHmac('sha256', webhookSigningKey(secret))
    .update(`${messageId}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${signature}`;
}
