import { z } from 'zod';
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from './limits';
import { multiLineString, singleLineString } from './text';

/** A tag as answered by GET/POST/PUT /tags (documents spec §3). */
export type TagDto = {
  id: string;
  organizationId: string;
  name: string;
  /** Lower-case hex: #rrggbb or #rrggbbaa (3 and 4 digit input is expanded). */
  color: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** Non-deleted documents carrying the tag. */
  documentsCount: number;
};

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
export const attachTagSchema = z.strictObject({ tagId: z.string().min(1).max(64) });

/**
 * A document-tag link (documents spec §3), answered by POST /documents/{documentId}/tags:
 * 201 when the tag was attached, 200 with the existing link when it already was.
 */
export type DocumentTagLinkDto = {
  id: string;
  tagId: string;
  documentId: string;
  createdAt: string;
};
