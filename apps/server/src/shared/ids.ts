import { randomInt } from 'node:crypto';
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
