import { createHmac, timingSafeEqual } from 'node:crypto';
import { intakeEmailsEndpoints } from '@sheaf/contracts/intake-emails';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { createPayloadTooLargeError } from '../../shared/errors';
import { readBodyAtMost } from '../../shared/read-body';
import {
  createIntakeEmailsDisabledError,
  createInvalidSignatureError,
  createSignatureMissingError,
} from './intake-emails.errors';
import { readIngestBody } from './intake-emails.parse';
import type { IntakeEmailsUsecases } from './intake-emails.usecases';

/** The path of the signed HTTP ingest; exempt from the session and Origin checks (see request-guards.ts). */
export const INTAKE_EMAILS_INGEST_PATH = intakeEmailsEndpoints.ingest.path;

/** Whether `signature` (base64) is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function isValidIngestSignature({
  body,
  signature,
  secret,
}: {
  body: Buffer;
  signature: string;
  secret: string;
}): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/intake-emails/ingest: mail handed over by an e-mail worker or relay in the OwlRelay /
 * Papra format — multipart with the `email` JSON and files under `attachments[]`, signed with
 * `X-Signature` = base64 HMAC-SHA256 of the raw body with INTAKE_EMAILS_WEBHOOK_SECRET. The body
 * is stored with its processing job before the 202, so a crash after it loses nothing.
 * Intake off or no secret 403, no signature 400, body over INTAKE_EMAILS_MAX_MESSAGE_SIZE 413,
 * wrong signature 401, malformed 400.
 */
export function createIntakeEmailsIngestRoutes({
  intakeEmails,
  routes,
  isEnabled,
  secret,
  maxMessageSize,
}: {
  routes: EndpointRoutesFactory;
  intakeEmails: Pick<IntakeEmailsUsecases, 'receive'>;
  isEnabled: boolean;
  secret: string | undefined;
  maxMessageSize: number;
}) {
  // No guard (auth 'signature'): the handler checks the signature over the raw body it reads itself.
  return routes().on(intakeEmailsEndpoints.ingest, async ({ c }) => {
    if (!isEnabled) throw createIntakeEmailsDisabledError();
    if (!secret) {
      throw createIntakeEmailsDisabledError(
        'The HTTP intake ingest is switched off on this server (INTAKE_EMAILS_WEBHOOK_SECRET is not set).',
      );
    }
    const signature = c.req.header('x-signature');
    if (!signature) throw createSignatureMissingError();
    const declaredLength = Number(c.req.header('content-length'));
    if (Number.isFinite(declaredLength) && declaredLength > maxMessageSize) {
      throw createPayloadTooLargeError(maxMessageSize);
    }
    const body = await readBodyAtMost(c.req.raw.body, maxMessageSize);
    if (body === undefined) throw createPayloadTooLargeError(maxMessageSize);
    if (!isValidIngestSignature({ body, signature, secret })) throw createInvalidSignatureError();
    const contentType = c.req.header('content-type') ?? '';
    // Refuses a malformed payload now, while the sender can still be told.
    await readIngestBody({ body, contentType });
    const { receivedId } = await intakeEmails.receive({ source: 'ingest', raw: body, contentType });
    return { status: 202, body: { accepted: true as const, receivedId } };
  }).router;
}
