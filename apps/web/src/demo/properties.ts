import { errorMessage, errorStatus } from '@sheaf/contracts/errors';
import { PROPERTIES_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import {
  createPropertyDefinitionSchema,
  type DocumentPropertyValueDto,
  isSelectPropertyType,
  type PropertyDefinitionDto,
  type PropertyOptionDto,
  type PropertyValue,
  propertiesEndpoints,
  propertyValueSchemaFor,
  setDocumentPropertyValueSchema,
  updatePropertyDefinitionSchema,
} from '@sheaf/contracts/properties';
import { tagNameKey } from '@sheaf/contracts/tag-names';
import { recordActivity } from './activity';
import { type DemoContext, newId, nowIso, requireManager, requireOrganization } from './context';
import { findDocument } from './documents-store';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';
import type { DemoState } from './state';

type PropertyRow = DemoState['propertyDefinitions'][number];

/** Definitions by name ignoring case, as the server lists them. */
const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.name.localeCompare(b.name);

/**
 * A document's values, in the order of the definitions (by name): what list items and the
 * document carry as `properties`. Exported for the documents' answers (demo/documents-store.ts).
 */
export function propertyValuesOf(state: DemoState, documentId: string): DocumentPropertyValueDto[] {
  const values = new Map(
    state.documentPropertyValues
      .filter((entry) => entry.documentId === documentId)
      .map((entry) => [entry.propertyId, entry.value]),
  );
  return [...state.propertyDefinitions]
    .filter(({ id }) => values.has(id))
    .sort(byName)
    .map(({ id }) => ({ propertyId: id, value: values.get(id) as PropertyValue }));
}

function toDto(context: DemoContext, property: PropertyRow): PropertyDefinitionDto {
  const active = new Set(
    context.state.documents.filter(({ deletedAt }) => deletedAt === null).map(({ id }) => id),
  );
  return {
    ...property,
    documentsCount: context.state.documentPropertyValues.filter(
      ({ propertyId, documentId }) => propertyId === property.id && active.has(documentId),
    ).length,
  };
}

function findProperty(context: DemoContext, organizationId: string, propertyId: string): PropertyRow {
  const property = context.state.propertyDefinitions.find(
    ({ id, organizationId: owner }) => id === propertyId && owner === organizationId,
  );
  if (!property) {
    throw notFound('properties.not_found', errorMessage('properties.not_found'));
  }
  return property;
}

/** Names are unique per organization by their key (case, Unicode form): 409 `properties.already_exists`. */
function assertNameFree(context: DemoContext, organizationId: string, name: string, exceptId?: string) {
  const key = tagNameKey(name);
  const taken = context.state.propertyDefinitions.some(
    (property) =>
      property.organizationId === organizationId &&
      property.id !== exceptId &&
      tagNameKey(property.name) === key,
  );
  if (taken) {
    throw new DemoHttpError(
      errorStatus('properties.already_exists'),
      'properties.already_exists',
      errorMessage('properties.already_exists'),
    );
  }
}

const validationError = (path: string, message: string) =>
  new DemoHttpError(400, 'api.validation_error', 'The request is invalid.', [
    { path, message, code: 'custom' },
  ]);

/**
 * The options as saved: those sent with the id of an existing option keep it, the others get a new
 * one; an id the property does not have is refused, as the server does.
 */
function savedOptions(
  input: { id?: string | undefined; name: string; color: string }[],
  existing: PropertyOptionDto[],
): PropertyOptionDto[] {
  const known = new Set(existing.map(({ id }) => id));
  return input.map((option, index) => {
    if (option.id !== undefined && !known.has(option.id)) {
      throw validationError(`options.${index}.id`, 'This option does not exist');
    }
    return { id: option.id ?? newId('opt'), name: option.name, color: option.color };
  });
}

/** After options were removed: values choosing them go (a multi select keeps the options left). */
function dropRemovedOptions(context: DemoContext, property: PropertyRow) {
  const optionIds = new Set(property.options.map(({ id }) => id));
  context.state.documentPropertyValues = context.state.documentPropertyValues.flatMap((entry) => {
    if (entry.propertyId !== property.id) return [entry];
    if (typeof entry.value === 'string') return optionIds.has(entry.value) ? [entry] : [];
    if (Array.isArray(entry.value)) {
      const kept = entry.value.filter((id) => optionIds.has(id));
      return kept.length > 0 ? [{ ...entry, value: kept }] : [];
    }
    return [entry];
  });
}

const sameValue = (a: PropertyValue | undefined, b: PropertyValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Custom properties, with the server's rules: owners and admins define them (at most 50, names
 * unique by their key), any member sets values checked by `propertyValueSchemaFor` (a member
 * value must be a member of the organization); every change of a value is an `updated` activity
 * entry naming `properties.<propertyId>`.
 */
export const propertiesRoutes = (context: DemoContext) => [
  handle(propertiesEndpoints.list, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    return json({
      properties: context.state.propertyDefinitions
        .filter(({ organizationId }) => organizationId === organization.id)
        .sort(byName)
        .map((property) => toDto(context, property)),
    });
  }),
  handle(propertiesEndpoints.create, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, createPropertyDefinitionSchema);
    const count = context.state.propertyDefinitions.filter(
      ({ organizationId }) => organizationId === organization.id,
    ).length;
    if (count >= PROPERTIES_PER_ORGANIZATION_LIMIT) {
      throw new DemoHttpError(
        errorStatus('properties.limit_reached'),
        'properties.limit_reached',
        errorMessage('properties.limit_reached'),
      );
    }
    assertNameFree(context, organization.id, input.name);
    const now = nowIso(context);
    const property: PropertyRow = {
      id: newId('prop'),
      organizationId: organization.id,
      name: input.name,
      type: input.type,
      description: input.description,
      options: isSelectPropertyType(input.type)
        ? (input.options ?? []).map(({ name, color }) => ({ id: newId('opt'), name, color }))
        : [],
      currency: input.type === 'monetary' ? (input.currency ?? null) : null,
      createdAt: now,
      updatedAt: now,
    };
    context.state.propertyDefinitions.push(property);
    return json({ property: toDto(context, property) }, 201);
  }),
  handle(propertiesEndpoints.update, (request) => {
    const { organization } = requireManager(context, request.params.organizationId ?? '');
    const property = findProperty(context, organization.id, request.params.propertyId ?? '');
    const input = parseJsonBody(request, updatePropertyDefinitionSchema);
    if (input.options !== undefined && !isSelectPropertyType(property.type)) {
      throw validationError('options', 'Only select properties have options');
    }
    if (input.currency && property.type !== 'monetary') {
      throw validationError('currency', 'Only monetary properties have a currency');
    }
    if (input.name !== undefined) {
      assertNameFree(context, organization.id, input.name, property.id);
      property.name = input.name;
    }
    if (input.description !== undefined) property.description = input.description;
    if (input.currency !== undefined) property.currency = input.currency ?? null;
    if (input.options !== undefined) {
      property.options = savedOptions(input.options, property.options);
      dropRemovedOptions(context, property);
    }
    property.updatedAt = nowIso(context);
    return json({ property: toDto(context, property) });
  }),
  handle(propertiesEndpoints.delete, ({ params }) => {
    const { organization } = requireManager(context, params.organizationId ?? '');
    const property = findProperty(context, organization.id, params.propertyId ?? '');
    const { state } = context;
    state.propertyDefinitions = state.propertyDefinitions.filter(({ id }) => id !== property.id);
    state.documentPropertyValues = state.documentPropertyValues.filter(
      ({ propertyId }) => propertyId !== property.id,
    );
    return noContent();
  }),
  handle(propertiesEndpoints.setDocumentValue, (request) => {
    const { organization } = requireOrganization(context, request.params.organizationId ?? '');
    const document = findDocument(context, organization.id, request.params.documentId ?? '');
    const property = findProperty(context, organization.id, request.params.propertyId ?? '');
    const body = parseJsonBody(request, setDocumentPropertyValueSchema);
    const parsed = propertyValueSchemaFor(property).safeParse(body.value);
    if (!parsed.success) {
      throw validationError('value', parsed.error.issues[0]?.message ?? 'The value is not valid');
    }
    const value = parsed.data;
    if (
      property.type === 'member' &&
      !context.state.members.some(
        ({ organizationId, userId }) => organizationId === organization.id && userId === value,
      )
    ) {
      throw validationError('value', 'The user is not a member of this organization');
    }
    const existing = context.state.documentPropertyValues.find(
      (entry) => entry.documentId === document.id && entry.propertyId === property.id,
    );
    if (!sameValue(existing?.value, value)) {
      if (existing) existing.value = value;
      else {
        context.state.documentPropertyValues.push({
          organizationId: organization.id,
          documentId: document.id,
          propertyId: property.id,
          value,
        });
      }
      recordActivity(context, {
        organizationId: organization.id,
        documentId: document.id,
        event: 'updated',
        eventData: { updatedFields: [`properties.${property.id}`] },
      });
    }
    return json({ property: { propertyId: property.id, value } });
  }),
  handle(propertiesEndpoints.clearDocumentValue, ({ params }) => {
    const { organization } = requireOrganization(context, params.organizationId ?? '');
    const document = findDocument(context, organization.id, params.documentId ?? '');
    const property = findProperty(context, organization.id, params.propertyId ?? '');
    const before = context.state.documentPropertyValues.length;
    context.state.documentPropertyValues = context.state.documentPropertyValues.filter(
      (entry) => !(entry.documentId === document.id && entry.propertyId === property.id),
    );
    if (context.state.documentPropertyValues.length < before) {
      recordActivity(context, {
        organizationId: organization.id,
        documentId: document.id,
        event: 'updated',
        eventData: { updatedFields: [`properties.${property.id}`] },
      });
    }
    return noContent();
  }),
];
