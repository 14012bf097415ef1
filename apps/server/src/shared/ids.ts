import { createHash, randomInt } from 'node:crypto';
import { ID_RANDOM_LENGTH, type IdPrefix } from '@sheaf/contracts/ids';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Random lowercase alphanumerics from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number, alphabet = ALPHABET): string {
  let result = '';
  for (let index = 0; index < length; index++) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** `<prefix>_` followed by 24 random lowercase alphanumerics, e.g. `org_k3j9…`. */
export function generateId(prefix: IdPrefix): string {
  return `${prefix}_${randomAlphanumeric(ID_RANDOM_LENGTH)}`;
}

/**
 * An id of the same form derived from `seed`: the same seed gives the same id, so a step retried
 * after a crash finds what its first try made. Only for seeds that are themselves unique.
 */
export function deriveId(prefix: IdPrefix, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let suffix = '';
  // 36 divides 252: bytes below it map evenly; the 32 bytes of a digest leave enough after skipping.
  for (const byte of digest) {
    if (byte < 252) suffix += ALPHABET[byte % ALPHABET.length];
    if (suffix.length === ID_RANDOM_LENGTH) break;
  }
  return `${prefix}_${suffix.padEnd(ID_RANDOM_LENGTH, '0')}`;
}
