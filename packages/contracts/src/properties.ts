import { z } from 'zod';
import { isValidCalendarDate } from './document-dates';
import { defineEndpoint, isoDateTime } from './endpoint';
import {
  PROPERTIES_PER_ORGANIZATION_LIMIT,
  PROPERTY_DESCRIPTION_MAX_LENGTH,
  PROPERTY_NAME_MAX_LENGTH,
  PROPERTY_OPTION_NAME_MAX_LENGTH,
  PROPERTY_OPTIONS_LIMIT,
  PROPERTY_TEXT_VALUE_MAX_LENGTH,
  PROPERTY_URL_VALUE_MAX_LENGTH,
} from './limits';
import { tagColorSchema } from './tags';
import { idReferenceSchema, multiLineString, singleLineString } from './text';

/**
 * Custom properties: organization-wide field definitions, and each document's values for them.
 * The value rules live here, once: the server validates with them, the web app's inputs and the
 * demo too.
 */
export const PROPERTY_TYPES = [
  'text',
  'number',
  'monetary',
  'date',
  'boolean',
  'select',
  'multi_select',
  'url',
  'member',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Types whose values can be sorted on and compared with `between`. */
export const ORDERED_PROPERTY_TYPES = [
  'number',
  'monetary',
  'date',
] as const satisfies readonly PropertyType[];
export const isOrderedPropertyType = (type: PropertyType) =>
  (ORDERED_PROPERTY_TYPES as readonly PropertyType[]).includes(type);

/** Types with options. */
export const SELECT_PROPERTY_TYPES = ['select', 'multi_select'] as const satisfies readonly PropertyType[];
export const isSelectPropertyType = (type: PropertyType) =>
  (SELECT_PROPERTY_TYPES as readonly PropertyType[]).includes(type);

/** ISO 4217 alphabetic code, upper case. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, { message: 'The currency must be an ISO 4217 code such as EUR' }));

export const propertyOptionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  color: z.string(),
});
export type PropertyOptionDto = z.infer<typeof propertyOptionSchema>;

/** An option as sent: with the id of an existing option to keep it (and its values), without one to add it. */
export const propertyOptionInputSchema = z.strictObject({
  id: idReferenceSchema.optional(),
  name: singleLineString()
    .trim()
    .min(1, { message: 'The option name is required' })
    .max(PROPERTY_OPTION_NAME_MAX_LENGTH, {
      message: `The option name must be at most ${PROPERTY_OPTION_NAME_MAX_LENGTH} characters`,
    }),
  color: tagColorSchema,
});

const propertyOptionsInputSchema = z
  .array(propertyOptionInputSchema)
  .max(PROPERTY_OPTIONS_LIMIT, { message: `At most ${PROPERTY_OPTIONS_LIMIT} options` })
  .refine((options) => new Set(options.map((option) => option.name.toLowerCase())).size === options.length, {
    message: 'Two options have the same name',
  });

export const propertyNameSchema = singleLineString()
  .trim()
  .min(1, { message: 'The name is required' })
  .max(PROPERTY_NAME_MAX_LENGTH, {
    message: `The name must be at most ${PROPERTY_NAME_MAX_LENGTH} characters`,
  });

const propertyDescriptionSchema = multiLineString()
  .trim()
  .max(PROPERTY_DESCRIPTION_MAX_LENGTH, {
    message: `The description must be at most ${PROPERTY_DESCRIPTION_MAX_LENGTH} characters`,
  })
  .nullish()
  .transform((value) => (value ? value : null));

export const propertyDefinitionSchema = z.strictObject({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  type: z.enum(PROPERTY_TYPES),
  description: z.string().nullable(),
  /** A select's options in their order; [] for other types. */
  options: z.array(propertyOptionSchema),
  /** A monetary property's default currency (what the value input starts with); null otherwise. */
  currency: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** Documents outside the trash that carry a value (what deleting it would clear). */
  documentsCount: z.number().int().nonnegative(),
});
export type PropertyDefinitionDto = z.infer<typeof propertyDefinitionSchema>;

/** POST /properties */
export const createPropertyDefinitionSchema = z
  .strictObject({
    name: propertyNameSchema,
    type: z.enum(PROPERTY_TYPES),
    description: propertyDescriptionSchema,
    options: propertyOptionsInputSchema.optional(),
    currency: currencyCodeSchema.nullish(),
  })
  .refine((body) => body.options === undefined || isSelectPropertyType(body.type), {
    message: 'Only select properties have options',
    path: ['options'],
  })
  .refine((body) => !body.currency || body.type === 'monetary', {
    message: 'Only monetary properties have a currency',
    path: ['currency'],
  });
export type CreatePropertyDefinitionInput = z.input<typeof createPropertyDefinitionSchema>;

/** PATCH /properties/{propertyId}: the type never changes (values would no longer fit it). */
export const updatePropertyDefinitionSchema = z
  .strictObject({
    name: propertyNameSchema.optional(),
    description: propertyDescriptionSchema.optional(),
    /** The whole list: options left out are removed, with the values that chose them. */
    options: propertyOptionsInputSchema.optional(),
    currency: currencyCodeSchema.nullish(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field',
  })
  .meta({ description: 'At least one field.', minProperties: 1 });
export type UpdatePropertyDefinitionInput = z.input<typeof updatePropertyDefinitionSchema>;

export const monetaryValueSchema = z.strictObject({
  amount: z.number().finite(),
  currency: currencyCodeSchema,
});
export type MonetaryValue = z.infer<typeof monetaryValueSchema>;

/**
 * A value as answered: text, URL, date (`YYYY-MM-DD`), select option id and member user id are
 * strings; number a number; yes/no a boolean; monetary `{ amount, currency }`; multi select the
 * chosen option ids.
 */
export const propertyValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  monetaryValueSchema,
]);
export type PropertyValue = z.infer<typeof propertyValueSchema>;

/** A document's value for one property, as carried by document answers. */
export const documentPropertyValueSchema = z.strictObject({
  propertyId: z.string(),
  value: propertyValueSchema,
});
export type DocumentPropertyValueDto = z.infer<typeof documentPropertyValueSchema>;

/** PUT /documents/{documentId}/properties/{propertyId}: checked against the property's type by `propertyValueSchemaFor`. */
export const setDocumentPropertyValueSchema = z.strictObject({ value: z.unknown() }).meta({
  description:
    "The value, by the property's type: text (1–2,000 characters), number, monetary `{ amount, currency }`, date `YYYY-MM-DD`, boolean, select (an option id), multi select (option ids), url (http or https), member (a user id of a member).",
});

const calendarDateValueSchema = z
  .string()
  .refine(isValidCalendarDate, { message: 'The date must be a calendar date such as 2026-11-24' });

/** What a property's value must be, by its definition (member: a user id; membership is the server's to check). */
export function propertyValueSchemaFor(
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'>,
): z.ZodType<PropertyValue> {
  const optionIds = new Set(definition.options.map((option) => option.id));
  const knownOption = z.string().refine((id) => optionIds.has(id), { message: 'This option does not exist' });
  switch (definition.type) {
    case 'text':
      return singleLineString({ message: 'The value must be a text' })
        .trim()
        .min(1, { message: 'The value is required' })
        .max(PROPERTY_TEXT_VALUE_MAX_LENGTH, {
          message: `The value must be at most ${PROPERTY_TEXT_VALUE_MAX_LENGTH} characters`,
        });
    case 'number':
      return z.number({ message: 'The value must be a number' }).finite();
    case 'monetary':
      return monetaryValueSchema;
    case 'date':
      return calendarDateValueSchema;
    case 'boolean':
      return z.boolean({ message: 'The value must be true or false' });
    case 'select':
      return knownOption;
    case 'multi_select':
      return z
        .array(knownOption)
        .min(1, { message: 'Choose at least one option' })
        .transform((ids) => [...new Set(ids)]);
    case 'url':
      return z
        .string()
        .trim()
        .max(PROPERTY_URL_VALUE_MAX_LENGTH)
        .url({ protocol: /^https?$/, message: 'The value must be an http or https URL' });
    case 'member':
      return z.string({ message: 'The value must be a user id' }).min(1).max(64);
  }
}

/** How a value reads as plain text (list cells, exports); option and member ids by the names given. */
export function formatPropertyValue(
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'>,
  value: PropertyValue,
  { memberName = (id: string) => id }: { memberName?: (userId: string) => string } = {},
): string {
  const optionName = (id: string) => definition.options.find((option) => option.id === id)?.name ?? id;
  if (Array.isArray(value)) return value.map(optionName).join(', ');
  if (typeof value === 'object') return `${value.amount} ${value.currency}`;
  if (definition.type === 'select' && typeof value === 'string') return optionName(value);
  if (definition.type === 'member' && typeof value === 'string') return memberName(value);
  return String(value);
}

const ORGANIZATION = '/api/organizations/:organizationId';
const exampleProperty = {
  id: 'prop_0123456789abcdefghijklmn',
  organizationId: 'org_0123456789abcdefghijklmn',
  name: 'Amount',
  type: 'monetary',
  description: 'Total with taxes',
  options: [],
  currency: 'EUR',
  createdAt: '2026-01-31T09:15:00.000Z',
  updatedAt: '2026-01-31T09:15:00.000Z',
  documentsCount: 42,
} satisfies PropertyDefinitionDto;
const DEFINITION_FIELDS = `The name is trimmed, 1–${PROPERTY_NAME_MAX_LENGTH} characters, unique in the organization ignoring case (409 \`properties.already_exists\`); the description at most ${PROPERTY_DESCRIPTION_MAX_LENGTH} characters or null. \`options\` (select and multi select only): at most ${PROPERTY_OPTIONS_LIMIT}, each \`{ id?, name, color }\`, names unique; an option sent with its \`id\` is kept (renamed, recoloured), one without an id is added, and one left out is removed with the values that chose it. \`currency\` (monetary only): the ISO 4217 code the value input starts with.`;
const MANAGERS_ONLY = 'Owners and admins only (403 `auth.forbidden` for members).';
const propertyAnswer = z.strictObject({ property: propertyDefinitionSchema });

export const propertiesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${ORGANIZATION}/properties`,
    tag: 'Properties',
    summary: 'List the custom properties',
    description:
      'By name, ignoring case. `documentsCount` counts the documents outside the trash that carry a value.',
    auth: { apiKeyPermission: 'documents:read' },
    answers: { 200: z.strictObject({ properties: z.array(propertyDefinitionSchema) }) },
    example: { answer: { properties: [exampleProperty] } },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${ORGANIZATION}/properties`,
    tag: 'Properties',
    summary: 'Define a custom property',
    description: `Types: ${PROPERTY_TYPES.map((type) => `\`${type}\``).join(', ')}. ${DEFINITION_FIELDS} At most ${PROPERTIES_PER_ORGANIZATION_LIMIT} per organization (403 \`properties.limit_reached\`, also when creations run at once). ${MANAGERS_ONLY}`,
    auth: { apiKeyPermission: 'organizations:update' },
    roles: ['owner', 'admin'],
    body: createPropertyDefinitionSchema,
    answers: { 201: propertyAnswer },
    errors: { 403: ['properties.limit_reached'], 409: ['properties.already_exists'] },
    example: {
      body: { name: 'Amount', type: 'monetary', description: 'Total with taxes', currency: 'EUR' },
      answer: { property: { ...exampleProperty, documentsCount: 0 } },
    },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${ORGANIZATION}/properties/:propertyId`,
    tag: 'Properties',
    summary: 'Rename or edit a custom property',
    description: `The type never changes. Renaming keeps every value. ${DEFINITION_FIELDS} ${MANAGERS_ONLY}`,
    auth: { apiKeyPermission: 'organizations:update' },
    roles: ['owner', 'admin'],
    body: updatePropertyDefinitionSchema,
    answers: { 200: propertyAnswer },
    errors: { 404: ['properties.not_found'], 409: ['properties.already_exists'] },
    example: { body: { name: 'Total' }, answer: { property: { ...exampleProperty, name: 'Total' } } },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/properties/:propertyId`,
    tag: 'Properties',
    summary: 'Delete a custom property and its values',
    description: `Every document's value for it is removed in the same transaction. ${MANAGERS_ONLY}`,
    auth: { apiKeyPermission: 'organizations:update' },
    roles: ['owner', 'admin'],
    answers: { 204: null },
    errors: { 404: ['properties.not_found'] },
  }),
  setDocumentValue: defineEndpoint({
    method: 'PUT',
    path: `${ORGANIZATION}/documents/:documentId/properties/:propertyId`,
    tag: 'Properties',
    summary: "Set a document's value of a property",
    description:
      "Replaces the value. Checked against the property's type (400 `api.validation_error` with the issue at `value`): text 1–2,000 characters; number a JSON number; monetary `{ amount, currency }` with an ISO 4217 code; date `YYYY-MM-DD`; boolean; select one of its option ids; multi select one or more of them; url an http(s) URL; member the user id of a member of the organization. An `updated` activity entry and a `document:updated` webhook name the field `properties.<propertyId>`.",
    auth: { apiKeyPermission: 'documents:update' },
    body: setDocumentPropertyValueSchema,
    answers: { 200: z.strictObject({ property: documentPropertyValueSchema }) },
    errors: { 404: ['documents.not_found', 'properties.not_found'] },
    example: {
      body: { value: { amount: 120, currency: 'EUR' } },
      answer: { property: { propertyId: exampleProperty.id, value: { amount: 120, currency: 'EUR' } } },
    },
  }),
  clearDocumentValue: defineEndpoint({
    method: 'DELETE',
    path: `${ORGANIZATION}/documents/:documentId/properties/:propertyId`,
    tag: 'Properties',
    summary: "Clear a document's value of a property",
    description: 'Clearing a value the document does not have changes nothing (204 all the same).',
    auth: { apiKeyPermission: 'documents:update' },
    answers: { 204: null },
    errors: { 404: ['documents.not_found', 'properties.not_found'] },
  }),
};
