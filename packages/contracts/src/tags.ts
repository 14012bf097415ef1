import { z } from 'zod';
import { defineEndpoint, isoDateTime } from './endpoint';
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from './limits';
import { idReferenceSchema, multiLineString, singleLineString } from './text';

/** The ten preset colours, in order; the first (light green) is the default for a new tag (spec §9). */
export const TAG_COLOR_PRESETS = [
  { id: 'light-green', color: '#d8ff75' },
  { id: 'green', color: '#7fd962' },
  { id: 'aqua', color: '#5fd4c5' },
  { id: 'light-blue', color: '#7cc7ff' },
  { id: 'blue', color: '#4d7cff' },
  { id: 'purple', color: '#a77bff' },
  { id: 'pink', color: '#ff7ac6' },
  { id: 'red', color: '#ff5c5c' },
  { id: 'orange', color: '#ffa24d' },
  { id: 'white', color: '#ffffff' },
] as const;

export const DEFAULT_TAG_COLOR = TAG_COLOR_PRESETS[0].color;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A tag colour: 3, 4, 6 or 8 digit hex, stored lower-case and expanded to 6 or 8 digits. */
export const tagColorSchema = z
  .string()
  .trim()
  .regex(HEX_COLOR, { message: 'The colour must be a hex colour such as #d8ff75' })
  .transform((value) => {
    const hex = value.slice(1).toLowerCase();
    return hex.length <= 4 ? `#${[...hex].map((digit) => digit + digit).join('')}` : `#${hex}`;
  });

export const tagNameSchema = singleLineString()
  .trim()
  .min(1, { message: 'The name is required' })
  .max(TAG_NAME_MAX_LENGTH, { message: `The name must be fewer than ${TAG_NAME_MAX_LENGTH} characters` });

export const tagDescriptionSchema = multiLineString()
  .trim()
  .max(TAG_DESCRIPTION_MAX_LENGTH, {
    message: `The description must be fewer than ${TAG_DESCRIPTION_MAX_LENGTH} characters`,
  })
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /tags and PUT /tags/{tagId}. */
export const tagInputSchema = z.strictObject({
  name: tagNameSchema,
  color: tagColorSchema,
  description: tagDescriptionSchema,
});

export type TagInput = z.input<typeof tagInputSchema>;

/** POST /documents/{documentId}/tags */
export const attachTagSchema = z.strictObject({ tagId: idReferenceSchema });

/** A tag as answered by GET/POST/PUT /tags (documents spec §3). */
export const tagSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  /** Lower-case hex: #rrggbb or #rrggbbaa (3 and 4 digit input is expanded). */
  color: z.string(),
  description: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** Non-deleted documents carrying the tag. */
  documentsCount: z.number().int().nonnegative(),
});

export type TagDto = z.infer<typeof tagSchema>;

/**
 * A document-tag link (documents spec §3), answered by POST /documents/{documentId}/tags:
 * 201 when the tag was attached, 200 with the existing link when it already was.
 */
export const documentTagLinkSchema = z.strictObject({
  id: z.string(),
  tagId: z.string(),
  documentId: z.string(),
  createdAt: isoDateTime(),
});

export type DocumentTagLinkDto = z.infer<typeof documentTagLinkSchema>;

const ORGANIZATION = '/api/organizations/:organizationId';
const TAG_FIELDS = `The name is trimmed, 1–${TAG_NAME_MAX_LENGTH} characters, and unique in the organization ignoring case in every script (\`École\` and \`école\` are one tag; 409 \`tags.already_exists\`). The colour is a 3, 4, 6 or 8 digit hex colour, stored lower-case and expanded to 6 or 8 digits. The description is at most ${TAG_DESCRIPTION_MAX_LENGTH} characters, or null.`;
const exampleTag = {
  id: 'tag_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Invoices',
  color: '#d8ff75',
  description: null,
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
  documentsCount: 12,
};

export const tagsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/tags`,
    tag: 'Tags',
    summary: 'List the tags',
    description:
      "By name as people read it, ignoring case and accents (`Ärzte` among the A's), numbers by value. `documentsCount` counts the documents outside the trash that carry the tag.",
    auth: { apiKeyPermission: 'tags:read' },
    answers: { 200: z.strictObject({ tags: z.array(tagSchema) }) },
    example: { answer: { tags: [exampleTag] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/tags`,
    tag: 'Tags',
    summary: 'Create a tag',
    description: TAG_FIELDS,
    auth: { apiKeyPermission: 'tags:create' },
    body: tagInputSchema,
    answers: { 201: z.strictObject({ tag: tagSchema }) },
    errors: { 409: ['tags.already_exists'] },
    example: { body: { name: 'Invoices', color: '#d8ff75', description: null }, answer: { tag: exampleTag } },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${ORGANIZATION}/tags/:tagId`,
    tag: 'Tags',
    summary: 'Update a tag',
    description: `The whole tag, with the body of the creation. ${TAG_FIELDS}`,
    auth: { apiKeyPermission: 'tags:update' },
    body: tagInputSchema,
    answers: { 200: z.strictObject({ tag: tagSchema }) },
    errors: { 404: ['tags.not_found'], 409: ['tags.already_exists'] },
    example: { body: { name: 'Invoices', color: '#d8ff75', description: null }, answer: { tag: exampleTag } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/tags/:tagId`,
    tag: 'Tags',
    summary: 'Delete a tag (documents keep existing, untagged)',
    description:
      'Documents lose the tag, and tagging rules lose it from their tags (a rule left with none stays, attaching nothing until edited). Past `tagged` and `untagged` activity entries stay, with `tag: null`.',
    auth: { apiKeyPermission: 'tags:delete' },
    answers: { 204: null },
    errors: { 404: ['tags.not_found'] },
  }),
  attachToDocument: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/documents/:documentId/tags`,
    tag: 'Tags',
    summary: 'Tag a document',
    description:
      "201 when the tag was attached, with a `tagged` activity entry by the caller; 200 with the existing link, and no entry, when the document carries the tag already. 404 `tags.not_found` for a tag that is not the organization's, 404 `documents.not_found` for a document that is not the organization's or is in the trash. The document's `updatedAt` is left alone: it tracks the name and the content.",
    // Tagging a document changes the document.
    auth: { apiKeyPermission: 'documents:update' },
    body: attachTagSchema,
    answers: {
      200: z.strictObject({ documentTag: documentTagLinkSchema }),
      201: z.strictObject({ documentTag: documentTagLinkSchema }),
    },
    example: {
      body: { tagId: 'tag_0123456789abcdefghijklmn' },
      answer: {
        documentTag: {
          id: 'dt_0123456789abcdefghijklmn',
          tagId: 'tag_0123456789abcdefghijklmn',
          documentId: 'doc_0123456789abcdefghijklmn',
          createdAt: '2026-01-31T09:15:00.000Z',
        },
      },
    },
    errors: { 404: ['documents.not_found', 'tags.not_found'] },
  }),
  detachFromDocument: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/documents/:documentId/tags/:tagId`,
    tag: 'Tags',
    summary: 'Untag a document',
    description:
      "With an `untagged` activity entry by the caller; without one when the document does not carry the tag. The same 404s as tagging: a tag that is not the organization's, a document that is not the organization's or is in the trash.",
    auth: { apiKeyPermission: 'documents:update' },
    answers: { 204: null },
    errors: { 404: ['documents.not_found', 'tags.not_found'] },
  }),
};
