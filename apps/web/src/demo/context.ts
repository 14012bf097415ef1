import { errorStatus } from '@sheaf/contracts/errors';
import { ID_RANDOM_LENGTH, type IdPrefix } from '@sheaf/contracts/ids';
import { DemoHttpError } from './http';
import type { DemoPersistence, DemoState } from './state';

/** What every domain's handlers work with: the state, where it is kept, the clock and the extractor. */
export type DemoContext = {
  state: DemoState;
  persistence: DemoPersistence;
  now: () => Date;
  /** Waits `ms` (the demo's upload delay); tests pass one that does not wait. */
  sleep: (ms: number) => Promise<void>;
  /** The text of an uploaded file: the PDF text layer, decoded plain text, '' for anything else. */
  extractText: (file: Blob, mimeType: string) => Promise<string>;
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlphanumerics(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A new id in the API's format: `<prefix>_` and 24 lowercase alphanumerics. */
export const newId = (prefix: IdPrefix) => `${prefix}_${randomAlphanumerics(ID_RANDOM_LENGTH)}`;

export const nowIso = (context: DemoContext) => context.now().toISOString();

export function currentUser(context: DemoContext) {
  const user = context.state.users.find(({ id }) => id === context.state.currentUserId);
  if (!user) {
    throw new DemoHttpError(
      errorStatus('auth.unauthorized'),
      'auth.unauthorized',
      'This account no longer exists.',
    );
  }
  return user;
}

/**
 * The organization and the demo user's membership, as the server's organization guard finds them:
 * an unknown, deleted or foreign organization answers 403 `auth.forbidden` (spec §6).
 */
export function requireOrganization(context: DemoContext, organizationId: string) {
  const organization = context.state.organizations.find(
    ({ id, deletedAt }) => id === organizationId && deletedAt === null,
  );
  const member = context.state.members.find(
    (entry) => entry.organizationId === organizationId && entry.userId === context.state.currentUserId,
  );
  if (!organization || !member) {
    throw new DemoHttpError(
      errorStatus('auth.forbidden'),
      'auth.forbidden',
      `You are not a member of the organization ${organizationId}.`,
    );
  }
  return { organization, member };
}

/** Owners and admins only (members, invitations, webhooks, intake e-mails): 403 `auth.forbidden` for others. */
export function requireManager(context: DemoContext, organizationId: string) {
  const found = requireOrganization(context, organizationId);
  if (found.member.role === 'member') {
    throw new DemoHttpError(
      errorStatus('auth.forbidden'),
      'auth.forbidden',
      'Only owners and admins can do this.',
    );
  }
  return found;
}

/** A Blob's bytes (through FileReader where `Blob.arrayBuffer` is missing, as in jsdom). */
export function readBytes(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof blob.arrayBuffer === 'function')
    return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
