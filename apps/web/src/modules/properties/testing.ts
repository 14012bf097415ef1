import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import type { MockRequest } from '../../test/app';
import { ORGANIZATION_ID } from '../../test/organizations';
import { jsonResponse } from '../../test/render';

export const API_PROPERTIES = `/api/organizations/${ORGANIZATION_ID}/properties`;
export const PROPERTIES_URL = `/organizations/${ORGANIZATION_ID}/settings/properties`;

export function propertyFixture(overrides: Partial<PropertyDefinitionDto> = {}): PropertyDefinitionDto {
  return {
    id: 'prop_amount',
    organizationId: ORGANIZATION_ID,
    name: 'Amount',
    type: 'monetary',
    description: 'Total with taxes',
    options: [],
    currency: 'EUR',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    documentsCount: 0,
    ...overrides,
  };
}

export const statusProperty = () =>
  propertyFixture({
    id: 'prop_status',
    name: 'Status',
    type: 'select',
    description: null,
    currency: null,
    options: [
      { id: 'opt_review', name: 'To review', color: '#ffa24d' },
      { id: 'opt_done', name: 'Done', color: '#7fd962' },
    ],
  });

type Handler = (request: MockRequest) => Response | Promise<Response>;
type ErrorAnswer = { status: number; code: string; message?: string };

const errorResponse = ({ status, code, message = code }: ErrorAnswer) =>
  jsonResponse({ error: { code, message } }, { status });

/**
 * The definitions routes over an in-memory list, answering as the server does: GET the list, POST a
 * new one (or `createError`), PATCH (or `updateError`) keeping option ids sent and giving new ones an
 * id, DELETE.
 */
export function propertiesHandlers({
  properties = [],
  createError,
  updateError,
}: {
  properties?: PropertyDefinitionDto[];
  createError?: ErrorAnswer;
  updateError?: ErrorAnswer;
} = {}): Record<string, Handler> {
  let list = [...properties];
  let created = 0;
  const withOptionIds = (options: { id?: string; name: string; color: string }[] | undefined) =>
    (options ?? []).map((option, index) => ({ ...option, id: option.id ?? `opt_new${created}_${index}` }));
  const handlers: Record<string, Handler> = {
    [`GET ${API_PROPERTIES}`]: () => jsonResponse({ properties: list }),
    [`POST ${API_PROPERTIES}`]: ({ body }) => {
      if (createError) return errorResponse(createError);
      created += 1;
      const input = body as Partial<PropertyDefinitionDto> & { options?: { name: string; color: string }[] };
      const property = propertyFixture({
        id: `prop_new${created}`,
        name: input.name ?? '',
        type: input.type ?? 'text',
        description: input.description ?? null,
        currency: input.currency ?? null,
        options: withOptionIds(input.options),
      });
      list = [...list, property];
      register(property.id);
      return jsonResponse({ property }, { status: 201 });
    },
  };
  const register = (id: string) => {
    handlers[`PATCH ${API_PROPERTIES}/${id}`] = ({ body }) => {
      if (updateError) return errorResponse(updateError);
      const current = list.find((item) => item.id === id);
      if (!current) return errorResponse({ status: 404, code: 'properties.not_found' });
      const input = body as Partial<PropertyDefinitionDto>;
      const property = {
        ...current,
        ...input,
        options: input.options ? withOptionIds(input.options) : current.options,
      };
      list = list.map((item) => (item.id === id ? property : item));
      return jsonResponse({ property });
    };
    handlers[`DELETE ${API_PROPERTIES}/${id}`] = () => {
      list = list.filter((item) => item.id !== id);
      return new Response(null, { status: 204 });
    };
  };
  for (const property of properties) register(property.id);
  return handlers;
}
