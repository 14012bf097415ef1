/**
 * Reads `Authorization: Bearer <token>` (scheme in any case). Undefined when the header is absent or
 * uses another scheme (`Basic …` means nothing to Sheaf, so the session cookie still counts); an
 * empty string when it says Bearer but carries no usable token.
 */
export function readBearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !/^\s*Bearer(\s|$)/i.test(authorization)) return undefined;
  return /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? '';
}
