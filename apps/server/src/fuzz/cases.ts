import { createHmac } from 'node:crypto';
import { type EndpointDefinition, pathParamNames } from '@sheaf/contracts/endpoint';
import { ID_PREFIXES, ID_RANDOM_LENGTH } from '@sheaf/contracts/ids';
import fc from 'fast-check';
import { z } from 'zod';
import { createTextPdf } from '../test/test-files';
import {
  type ArbitraryContext,
  HOSTILE_STRINGS,
  invalidArbitrary,
  isRepresentable,
  type JsonSchema,
  validArbitrary,
} from './json-schema-arbitrary';
import { buildRequest, type CaseInput, judgeInput, type MultipartPart } from './requests';

/** Real ids the fuzzer knows, by prefix (`tag` → the tags' ids), in the order they were found. */
export class IdPool {
  readonly byPrefix = new Map<string, string[]>();

  add(id: string) {
    const match = /^([a-z]+)_[a-z0-9]{24}$/.exec(id);
    if (!match) return;
    const list = this.byPrefix.get(match[1]!) ?? [];
    if (!list.includes(id)) list.push(id);
    this.byPrefix.set(match[1]!, list);
  }

  /** Every id string anywhere in a JSON answer. */
  harvest(value: unknown) {
    if (typeof value === 'string') this.add(value);
    else if (Array.isArray(value)) for (const item of value) this.harvest(item);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) this.harvest(item);
  }

  get(prefix: string | undefined): string[] {
    return prefix ? (this.byPrefix.get(prefix) ?? []) : [];
  }

  all(): string[] {
    return [...this.byPrefix.values()].flat();
  }
}

const PREFIX_BY_KIND = ID_PREFIXES as Record<string, string>;

/**
 * The id prefix a name stands for: `tagId`, `tagIds`, `tags` → `tag`; `runId` → `trr` (a tagging
 * rule run); `deliveryId` → `whd`. Undefined for names that are not ids (`name`, `events`).
 */
export function prefixForName(name: string): string | undefined {
  const kind = name.replace(/Ids$|Id$|s$/, '');
  if (!kind) return undefined;
  if (PREFIX_BY_KIND[kind]) return PREFIX_BY_KIND[kind];
  const suffix = kind[0]!.toUpperCase() + kind.slice(1);
  const entry = Object.entries(PREFIX_BY_KIND).find(([key]) => key.endsWith(suffix));
  return entry?.[1];
}

/** Invalid cases that only add an unknown query parameter, per endpoint. */
const UNKNOWN_PARAMETER_CASES = 4;

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A well-formed id of the kind that names nothing. */
const fakeId = (prefix: string) =>
  fc
    .string({
      minLength: ID_RANDOM_LENGTH,
      maxLength: ID_RANDOM_LENGTH,
      unit: fc.constantFrom(...ALPHANUMERIC),
    })
    .map((random) => `${prefix}_${random}`);

/** Path segments a client should not send: odd lengths, scripts, encodings, unicode. */
const weirdSegment = fc.oneof(
  fc.constantFrom(
    'me',
    '0',
    '-1',
    'null',
    'undefined',
    "' or '1'='1",
    '%00',
    '%2e%2e',
    'a'.repeat(300),
    '🙂',
    'ＡＢＣ',
  ),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
  fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }),
);

const isEncodable = (segment: string) => {
  try {
    encodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

/**
 * Never `.` or `..` (the URL would be normalised onto another route), nor empty, nor a lone
 * surrogate (a URL cannot carry one).
 */
const isRoutable = (segment: string) =>
  segment !== '.' && segment !== '..' && segment !== '' && isEncodable(segment);

export type CaseContext = {
  base: string;
  pool: IdPool;
  organizationId: string;
  protectedIds: ReadonlySet<string>;
  intakeAddress?: string;
};

/** The parameter a DELETE acts on: the last one, when the path ends with it. */
export function targetParamOf(endpoint: EndpointDefinition): string | undefined {
  const match = /\/:([A-Za-z]+)$/.exec(endpoint.path);
  return endpoint.method === 'DELETE' ? match?.[1] : undefined;
}

function paramArbitrary(
  endpoint: EndpointDefinition,
  name: string,
  context: CaseContext,
): fc.Arbitrary<string> {
  const prefix = prefixForName(name);
  const isTarget = targetParamOf(endpoint) === name;
  // A DELETE must not take away the fixture: its protected ids are left out of its targets.
  const known = context.pool.get(prefix).filter((id) => !(isTarget && context.protectedIds.has(id)));
  const others = context.pool.all().filter((id) => !id.startsWith(`${prefix}_`));
  const strange: Array<fc.WeightedArbitrary<string>> = [
    { weight: 2, arbitrary: fakeId(prefix ?? 'x') },
    { weight: 2, arbitrary: weirdSegment.filter(isRoutable) },
  ];
  if (others.length > 0) strange.push({ weight: 1, arbitrary: fc.constantFrom(...others) });
  if (name === 'organizationId' && !isTarget) {
    const otherOrganizations = known.filter((id) => id !== context.organizationId);
    return fc.oneof(
      { weight: 30, arbitrary: fc.constant(context.organizationId) },
      ...(otherOrganizations.length > 0
        ? [{ weight: 1, arbitrary: fc.constantFrom(...otherOrganizations) }]
        : []),
      ...strange,
    );
  }
  return known.length > 0
    ? fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...known) }, ...strange)
    : fc.oneof(...strange);
}

/** Real ids for every path parameter, for cases that must get past the lookups (the invalid ones). */
export function realParams(endpoint: EndpointDefinition, context: CaseContext): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of pathParamNames(endpoint.path)) {
    if (name === 'organizationId' && targetParamOf(endpoint) !== name) {
      params[name] = context.organizationId;
      continue;
    }
    const prefix = prefixForName(name);
    const known = context.pool.get(prefix).filter((id) => !context.protectedIds.has(id));
    params[name] = known[0] ?? `${prefix ?? 'x'}_${'0'.repeat(ID_RANDOM_LENGTH)}`;
  }
  return params;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

function arbitraryContext(root: JsonSchema, context: CaseContext): ArbitraryContext {
  return {
    root,
    idsFor: (name) => {
      const prefix = prefixForName(name);
      return prefix ? context.pool.get(prefix) : [];
    },
  };
}

const fileName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('report', 'scan 2026-01', 'Café menu', 'facture_été', '日本語の文書', 'x'),
  },
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '../../etc/passwd',
      'a'.repeat(300),
      'nul\u0000byte',
      'line\r\nbreak',
      '.hidden',
      '',
    ),
  },
);

/** Small files of the kinds people upload, and some they should not. */
const fileArbitrary = fc.oneof(
  fc.tuple(fileName, fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' })).map(([name, text]) => ({
    name: `${name}.txt`,
    type: 'text/plain',
    data: Buffer.from(text),
  })),
  fc
    .tuple(
      fileName,
      fc.array(fc.string({ maxLength: 60, unit: 'grapheme-ascii' }), { minLength: 1, maxLength: 6 }),
    )
    .map(([name, lines]) => ({ name: `${name}.pdf`, type: 'application/pdf', data: createTextPdf([lines]) })),
  fc
    .tuple(
      fileName,
      fc.uint8Array({ minLength: 1, maxLength: 600 }),
      fc.constantFrom('application/octet-stream', 'image/png', 'application/pdf', 'text/plain', '', 'x/y; z'),
    )
    .map(([name, bytes, type]) => ({
      name,
      type: type || 'application/octet-stream',
      data: Buffer.from(bytes),
    })),
  fc.constant({ name: 'empty.txt', type: 'text/plain', data: Buffer.alloc(0) }),
);

/** A text part: plain strings, and JSON (some fields hold JSON, such as an intake message's `email`). */
function textPartArbitrary(context: CaseContext): fc.Arbitrary<string> {
  const address = fc.oneof(fc.constant('scanner@fuzz.example'), fc.emailAddress());
  const message = fc
    .record(
      {
        from: fc.record({ address, name: fc.string({ maxLength: 20 }) }, { requiredKeys: ['address'] }),
        to: fc.array(
          fc.record({
            address: fc.oneof(fc.constant(context.intakeAddress ?? 'nobody@fuzz.example'), address),
          }),
          {
            maxLength: 2,
          },
        ),
        cc: fc.array(fc.record({ address }), { maxLength: 1 }),
        subject: fc.string({ maxLength: 40, unit: 'grapheme' }),
        messageId: fc.string({ minLength: 1, maxLength: 30 }),
      },
      { requiredKeys: ['from'] },
    )
    .map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 3, arbitrary: message },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'grapheme' }) },
  );
}

function multipartArbitrary(
  endpoint: EndpointDefinition,
  context: CaseContext,
  { dropRequired }: { dropRequired: boolean },
) {
  const fields = Object.entries(endpoint.rawBody?.fields ?? {});
  const required = new Set(endpoint.rawBody?.required ?? []);
  const partsFor = ([name, field]: (typeof fields)[number]): fc.Arbitrary<MultipartPart[]> => {
    const one: fc.Arbitrary<MultipartPart> =
      field.format === 'binary'
        ? fileArbitrary.map((file) => ({ name, file }))
        : textPartArbitrary(context).map((value) => ({ name, value }));
    const repeatable = name.endsWith('[]');
    return fc.array(one, { minLength: required.has(name) ? 1 : 0, maxLength: repeatable ? 3 : 1 });
  };
  const all = fc.tuple(...fields.map(partsFor)).map((groups) => groups.flat());
  if (!dropRequired || required.size === 0) return all;
  return fc
    .tuple(all, fc.constantFrom(...required))
    .map(([parts, missing]) => parts.filter((part) => part.name !== missing));
}

/** A case with what the contract says of it. */
export type FuzzCase = {
  kind: 'valid' | 'invalid';
  input: CaseInput;
  /** For a JSON or query endpoint: the status refused input must get (400 or 415). */
  refusedWith?: 400 | 415;
  /** Why the input is invalid, per the zod schemas. */
  why?: string;
};

const signatureOf = (request: ReturnType<typeof buildRequest>) =>
  `${request.method} ${request.url} ${request.headers['content-type'] ?? ''} ${
    typeof request.body === 'string' ? request.body : (request.bodyText ?? '')
  }`;

/** Deterministic per endpoint: adding an endpoint does not change another's cases. */
export function seedFor(seed: number, endpoint: EndpointDefinition) {
  let hash = seed | 0;
  for (const character of `${endpoint.method} ${endpoint.path}`)
    hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

/**
 * `validCount` cases of the endpoint's shape (drawn until the zod schemas accept that many, then
 * topped up with what was drawn) and `invalidCount` with one thing broken in the query or the body
 * (or an unknown query parameter), on the fixture's own path parameters.
 */
export function generateCases(
  endpoint: EndpointDefinition,
  context: CaseContext,
  { seed, validCount, invalidCount }: { seed: number; validCount: number; invalidCount: number },
): FuzzCase[] {
  const names = pathParamNames(endpoint.path);
  const paramsArbitrary = fc.record(
    Object.fromEntries(names.map((name) => [name, paramArbitrary(endpoint, name, context)])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const querySchema = endpoint.query ? toJsonSchema(endpoint.query) : undefined;
  const bodySchema = endpoint.body ? toJsonSchema(endpoint.body) : undefined;
  const queryArbitrary = querySchema
    ? (validArbitrary(querySchema, arbitraryContext(querySchema, context)) as fc.Arbitrary<
        Record<string, unknown>
      >)
    : fc.constant(undefined);
  const bodyArbitrary = bodySchema
    ? validArbitrary(
        bodySchema,
        arbitraryContext(bodySchema, context),
        undefined,
        0,
        endpoint.example?.body,
      ).map((value) => ({
        kind: 'json' as const,
        value,
      }))
    : endpoint.rawBody
      ? multipartArbitrary(endpoint, context, { dropRequired: false }).map((parts) => ({
          kind: 'multipart' as const,
          parts,
        }))
      : fc.constant(undefined);

  const fixed = realParams(endpoint, context);
  const cases: FuzzCase[] = [];
  const seen = new Set<string>();
  const judge = (kind: FuzzCase['kind'], input: CaseInput): FuzzCase | undefined => {
    const request = buildRequest(context.base, endpoint, input);
    const key = signatureOf(request);
    if (seen.has(key)) return undefined;
    seen.add(key);
    const verdict = judgeInput(endpoint, request);
    return verdict.valid ? { kind, input } : { kind, input, refusedWith: verdict.status, why: verdict.why };
  };

  // Valid: draw more than needed, keep those the schemas accept.
  const drawn = fc.sample(
    fc.record({ params: paramsArbitrary, query: queryArbitrary, body: bodyArbitrary }),
    {
      seed,
      numRuns: validCount * 3,
    },
  );
  const spare: FuzzCase[] = [];
  for (const draw of drawn) {
    const input: CaseInput = { params: draw.params };
    if (draw.query) input.query = draw.query;
    if (draw.body) input.body = draw.body;
    const judged = judge('valid', input);
    if (!judged) continue;
    if (judged.refusedWith === undefined && cases.length < validCount) cases.push(judged);
    else spare.push(judged);
  }
  for (const extra of spare) if (cases.length < validCount) cases.push(extra);

  // Invalid: one thing broken, the rest as a valid case would send it.
  const breakers: Array<fc.Arbitrary<CaseInput>> = [];
  const validQuery = queryArbitrary;
  const validBody = bodyArbitrary;
  const knownKeys = new Set(Object.keys(querySchema?.properties ?? {}));
  // The same check for every endpoint (the adapter's), so a few cases are enough.
  const unknownParameter = fc
    .tuple(
      validQuery,
      validBody,
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'pageIndex[]', 'q'),
      ),
      fc.string({ maxLength: 12 }),
    )
    .filter(([, , key]) => !knownKeys.has(key))
    .map(([query, body, key, value]) => ({
      params: fixed,
      query: { ...(query ?? {}), [key]: value },
      ...(body ? { body } : {}),
    }));
  if (querySchema) {
    const badQuery = invalidArbitrary(querySchema, arbitraryContext(querySchema, context));
    if (badQuery)
      breakers.push(
        fc
          .tuple(badQuery, validBody)
          .filter(([query]) => typeof query === 'object' && query !== null && !Array.isArray(query))
          .map(([query, body]) => ({
            params: fixed,
            query: query as Record<string, unknown>,
            ...(body ? { body } : {}),
          })),
      );
  }
  if (bodySchema) {
    const badBody = invalidArbitrary(bodySchema, arbitraryContext(bodySchema, context));
    if (badBody)
      breakers.push(
        fc
          .tuple(validQuery, badBody)
          .filter(([, body]) => isRepresentable(body) && body !== undefined)
          .map(([query, body]) => ({
            params: fixed,
            ...(query ? { query } : {}),
            body: { kind: 'json' as const, value: body },
          })),
      );
    breakers.push(
      fc
        .tuple(
          validQuery,
          fc.oneof(
            fc.constantFrom('{', '{"name":', 'nul', '[1,]', "{'a':1}", '\u0000', '{"a":1}garbage'),
            fc.string({ minLength: 1, maxLength: 20 }).filter((text) => {
              try {
                JSON.parse(text);
                return false;
              } catch {
                return true;
              }
            }),
          ),
        )
        .map(([query, text]) => ({
          params: fixed,
          ...(query ? { query } : {}),
          body: { kind: 'text' as const, text, contentType: 'application/json' },
        })),
      fc
        .tuple(
          validQuery,
          validBody,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'application/jsonx',
          ),
        )
        .map(([query, body, contentType]) => ({
          params: fixed,
          ...(query ? { query } : {}),
          body: {
            kind: 'text' as const,
            text: JSON.stringify(body && body.kind === 'json' ? body.value : {}),
            contentType,
          },
        })),
    );
  }
  if (endpoint.rawBody) {
    breakers.push(
      multipartArbitrary(endpoint, context, { dropRequired: true }).map((parts) => ({
        params: fixed,
        body: { kind: 'multipart' as const, parts },
      })),
      fc
        .jsonValue({ maxDepth: 1 })
        .map((value) => ({ params: fixed, body: { kind: 'json' as const, value } })),
      fc.string({ maxLength: 40 }).map((text) => ({
        params: fixed,
        body: { kind: 'text' as const, text, contentType: 'multipart/form-data; boundary=nope' },
      })),
    );
  }
  const unknownCount = Math.min(UNKNOWN_PARAMETER_CASES, invalidCount);
  const invalidDraws = [
    ...fc.sample(unknownParameter, { seed: seed ^ 0x2545f491, numRuns: unknownCount }),
    ...(breakers.length > 0
      ? fc.sample(fc.oneof(...breakers), {
          seed: seed ^ 0x5bd1e995,
          numRuns: (invalidCount - unknownCount) * 3,
        })
      : []),
  ];
  let invalid = 0;
  for (const input of invalidDraws) {
    if (invalid >= invalidCount) break;
    const judged = judge('invalid', input);
    if (!judged) continue;
    // A multipart body is judged by its shape: drawn broken, it is an invalid case.
    if (!endpoint.rawBody && judged.refusedWith === undefined) continue;
    cases.push(judged);
    invalid++;
  }
  return cases;
}

/** Signs the intake ingest's body: base64 HMAC-SHA256 with the secret, in X-Signature. */
export function intakeSigner(secret: string) {
  return (endpoint: EndpointDefinition, body: Buffer) =>
    endpoint.path === '/api/intake-emails/ingest'
      ? { 'x-signature': createHmac('sha256', secret).update(body).digest('base64') }
      : undefined;
}
