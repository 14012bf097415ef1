import { fileURLToPath } from 'node:url';
import {
  type EndpointDefinition,
  isFileAnswer,
  isOrganizationScoped,
  isRedirectAnswer,
  type SuccessAnswer,
  successStatusesOf,
} from '@sheaf/contracts/endpoint';
import { z } from 'zod';
import { toOpenApiPath } from './openapi';

/**
 * README's route table (the "## API" section), generated from the endpoint catalogue like the
 * OpenAPI description: one row per endpoint, between these markers. `npm run docs:api` rewrites it;
 * api-table.test.ts fails when README's copy differs.
 */
export const API_TABLE_START = '<!-- api-table:start -->';
export const API_TABLE_END = '<!-- api-table:end -->';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, unknown>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Who may call: `none`, `session`, `session or key`, for an organization's route its roles (`member` when any), or `signature`. */
export function describeCaller(endpoint: Pick<EndpointDefinition, 'auth' | 'roles' | 'path'>): string {
  const { auth, roles } = endpoint;
  if (auth === 'none' || auth === 'signature') return auth;
  const how = auth === 'session' ? 'session' : 'session or key';
  if (!isOrganizationScoped(endpoint)) return how;
  return `${roles?.length ? roles.join(' or ') : 'member'} (${how})`;
}

/** A JSON Schema's outline: an object's top-level keys (`{ name, description? }`), `[…]` around an array's items, alternatives joined by `|`. */
function outline(node: JsonSchema): string {
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return alternatives.map(outline).join(' | ');
  if (node.type === 'null') return 'null';
  if (node.type === 'array') return `[${node.items ? outline(node.items) : '…'}]`;
  if (!node.properties) return typeof node.type === 'string' ? node.type : '…';
  const keys = Object.keys(node.properties).map((key) => (node.required?.includes(key) ? key : `${key}?`));
  return keys.length === 0 ? '{}' : `{ ${keys.join(', ')} }`;
}

/** A body's or an answer's outline, as a code span: what a client sends (`input`) or receives (`output`). */
const shapeOf = (schema: z.ZodType, io: 'input' | 'output') =>
  `\`${outline(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema)}\``;

function describeAnswer(status: number, answer: SuccessAnswer | undefined): string {
  if (answer === null || answer === undefined) return String(status);
  if (isFileAnswer(answer)) return `${status} the file`;
  if (isRedirectAnswer(answer)) return `${status} a redirect`;
  return `${status} ${shapeOf(answer, 'output')}`;
}

/** What a caller sends: `query \`a\`, \`b\``, `body \`{ … }\``, or a body of another media type. */
function describeRequest(endpoint: EndpointDefinition): string[] {
  const parts: string[] = [];
  if (endpoint.query) {
    const jsonSchema = z.toJSONSchema(endpoint.query, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const names = Object.keys(jsonSchema.properties ?? {});
    if (names.length > 0) parts.push(`query ${names.map((name) => `\`${name}\``).join(', ')}`);
  }
  if (endpoint.body) parts.push(`body ${shapeOf(endpoint.body, 'input')}`);
  if (endpoint.rawBody) parts.push(`\`${endpoint.rawBody.mediaType}\` body`);
  return parts;
}

/** Text fit for one table cell: on one line, its pipes escaped (also inside code spans, as GFM wants). */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** One endpoint's "Answer" cell: summary, what it takes, what it answers per status, then its description. */
function describeEndpoint(endpoint: EndpointDefinition): string {
  const answers = endpoint.answers as Record<number, SuccessAnswer>;
  const statuses = successStatusesOf(endpoint)
    .map((status) => describeAnswer(status, answers[status]))
    .join(', ');
  const request = describeRequest(endpoint);
  const exchange = request.length > 0 ? `${request.join('; ')} → ${statuses}` : statuses;
  const summary = endpoint.summary.replace(/\.$/, '');
  const description = endpoint.description?.trim();
  return `${summary}: ${exchange}.${description ? ` ${description}` : ''}`;
}

/** README's route table for these endpoints, in their order. */
export function renderApiTable(endpoints: readonly EndpointDefinition[]): string {
  const rows = endpoints.map((endpoint) => {
    const permission = typeof endpoint.auth === 'object' ? `\`${endpoint.auth.apiKeyPermission}\`` : '—';
    const route = `\`${endpoint.method} ${toOpenApiPath(endpoint.path)}\``;
    return `| ${[route, describeCaller(endpoint), permission, describeEndpoint(endpoint)].map(cell).join(' | ')} |`;
  });
  return ['| Method and path | Auth | API-key permission | Answer |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** The table as it stands between the markers of a README, or null when the markers are missing. */
export function readApiTable(readme: string): string | null {
  const start = readme.indexOf(API_TABLE_START);
  const end = readme.indexOf(API_TABLE_END);
  if (start === -1 || end === -1 || end < start) return null;
  return readme.slice(start + API_TABLE_START.length, end).trim();
}

/** The README with the table between its markers replaced by `table`; throws when the markers are missing. */
export function replaceApiTable(readme: string, table: string): string {
  const start = readme.indexOf(API_TABLE_START);
  const end = readme.indexOf(API_TABLE_END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`README.md has no ${API_TABLE_START} … ${API_TABLE_END} section`);
  return `${readme.slice(0, start + API_TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** The repository's README, whose "## API" section holds the table. */
export const README_PATH = fileURLToPath(new URL('../../../../../README.md', import.meta.url));
