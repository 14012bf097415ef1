import { z } from 'zod';

/**
 * The one rule on control characters for every user-written string (issue #14): names, titles,
 * tag names, tagging-rule values and search queries allow no C0 or C1 control character
 * (U+0000–U+001F, U+007F–U+009F); multi-line texts allow tab and line breaks (LF, and the CR
 * of CRLF) but no other. Such characters are invisible, break logs, exports and e-mail headers,
 * and PostgreSQL refuses NUL in text outright.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed';

/**
 * The same rules as JSON Schema patterns, so the API description says them too (the refinements
 * above, which carry the translatable issue, are what the server applies).
 */
const SINGLE_LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';
const MULTI_LINE_PATTERN = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$';

/** Marks the issue so the web app can translate it whatever the field (see isControlCharactersIssue). */
const CONTROL_CHARACTERS_PARAMS = { reason: 'control_characters' } as const;

export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}) {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Whether a zod issue is the control-character rule's (its `params.reason`). */
export function isControlCharactersIssue(issue: { code: string; params?: unknown }): boolean {
  return (
    issue.code === 'custom' &&
    typeof issue.params === 'object' &&
    issue.params !== null &&
    (issue.params as { reason?: unknown }).reason === CONTROL_CHARACTERS_PARAMS.reason
  );
}

/**
 * A single-line string: no control character (checked on the raw input, so a trailing newline is
 * refused rather than trimmed away), then NFC-normalised so that the same visible name is stored
 * and compared the same way whatever the keyboard produced. Chain `.trim()`, `.min()`… after it.
 */
export function singleLineString(params?: { message?: string }) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value), {
      message: CONTROL_CHARACTERS_MESSAGE,
      params: CONTROL_CHARACTERS_PARAMS,
    })
    .meta({ pattern: SINGLE_LINE_PATTERN })
    .normalize('NFC');
}

/** A multi-line text (document content, descriptions): tab and line breaks allowed, NFC-normalised. */
export function multiLineString(params?: { message?: string }) {
  return z
    .string(params)
    .refine((value) => !hasControlCharacters(value, { multiline: true }), {
      message: CONTROL_CHARACTERS_MESSAGE,
      params: CONTROL_CHARACTERS_PARAMS,
    })
    .meta({ pattern: MULTI_LINE_PATTERN })
    .normalize('NFC');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const MULTI_LINE_FORBIDDEN_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;

/**
 * A long text that comes from files (document content): control characters other than tab and
 * line breaks are dropped rather than refused, since extracted or uploaded text may hold them (a
 * form feed between pages) and comes back through the editor unchanged. NFC-normalised.
 */
export function fileTextString({ maxLength }: { maxLength: number }) {
  return z
    .string()
    .max(maxLength)
    .transform((value) => value.replace(MULTI_LINE_FORBIDDEN_ALL, '').normalize('NFC'));
}

/** RFC 5321 limits: a whole address of at most 254 characters, a local part of at most 64. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const isLocalPartLengthValid = (email: string) => email.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH;

/** Whether an address is within the RFC 5321 lengths; usable outside zod (e.g. an auth hook). */
export function isEmailAddressLengthValid(email: string): boolean {
  return email.trim().length <= EMAIL_ADDRESS_MAX_LENGTH && isLocalPartLengthValid(email.trim());
}

/**
 * An e-mail address wherever one is accepted: trimmed, valid, within the RFC 5321 lengths and
 * lower-cased (addresses are compared case-insensitively).
 */
export const emailAddressSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required' })
  .max(EMAIL_ADDRESS_MAX_LENGTH, {
    message: `The email address must be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters`,
  })
  .email({ message: 'Please enter a valid email address' })
  .refine(isLocalPartLengthValid, {
    message: `The part before @ must be at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`,
  })
  .transform((email) => email.toLowerCase());

/**
 * An id sent in a body (`tagId`, `tagIds`, `organizationIds`): a short single-line string. Whether
 * it names anything is the route's to say (404); a control character is refused here, as the
 * database would refuse a NUL.
 */
// Here rather than in ids.ts, which the web app's entry imports without zod.
export const idReferenceSchema = singleLineString().min(1).max(64);
