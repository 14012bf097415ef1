import fc from 'fast-check';

/**
 * A small JSON Schema (draft 2020-12, as `z.toJSONSchema(schema, { io: 'input' })` writes it) to
 * fast-check converter: `validArbitrary` draws values of the schema's shape, `invalidArbitrary`
 * values that break it in one place (a missing or unknown key, a wrong type, a string too long, a
 * number out of bounds, a value outside an enum…). Neither is the judge: refinements, transforms
 * and trimming are not in the JSON Schema, so the fuzzer asks the zod schema itself whether a
 * drawn value is valid.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

export type ArbitraryContext = {
  /** The root schema, for `$ref: '#/$defs/…'`. */
  root: JsonSchema;
  /**
   * Real ids to offer for a string named like an id (`tagId`, `tagIds`, `tags`, `organizationIds`):
   * the property's name in, the ids of that kind out (none: plain strings only).
   */
  idsFor?: (propertyName: string) => readonly string[];
};

/** Longest string drawn when a schema sets no maximum: enough to be interesting, cheap to send. */
const UNBOUNDED_STRING_LENGTH = 40;
const UNBOUNDED_ARRAY_LENGTH = 4;
/** A draw of more than this many nested levels gives the simplest value instead (recursive $defs). */
const MAX_DEPTH = 6;

function resolve(schema: JsonSchema, context: ArbitraryContext): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const match = /^#\/\$defs\/(.+)$/.exec(current.$ref);
    const target = match ? context.root.$defs?.[decodeURIComponent(match[1]!)] : undefined;
    if (!target) return {};
    current = { ...target, ...withoutRef(current) };
  }
  return current;
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * Strings that break naive code: a NUL (PostgreSQL refuses it in text), a lone surrogate,
 * right-to-left override, SQL and markup, template syntax, percent-encoding, paths.
 */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202egnp.exe',
  "'; drop table tags; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax sent as data is the point
  '${7*7}{{7*7}}',
  '%00%ff',
  '../../etc/passwd',
  'null',
  '\ufeff',
];

/** Strings a human, a browser or a script would type, and some they would not. */
function plainString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const lengths = { minLength, maxLength };
  const hostile = HOSTILE_STRINGS.filter((value) => value.length >= minLength && value.length <= maxLength);
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ ...lengths, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: fc.string({ ...lengths, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ ...lengths, unit: 'binary' }) },
    ...(hostile.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...hostile) }] : []),
  );
}

function stringArbitrary(schema: JsonSchema, name: string | undefined, context: ArbitraryContext) {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, UNBOUNDED_STRING_LENGTH);
  const cap = Math.min(maxLength, Math.max(minLength, 200));
  const fitsLength = (value: string) => value.length >= minLength && value.length <= maxLength;
  const candidates: Array<fc.WeightedArbitrary<string>> = [];
  const matchesPattern = (value: string) => !schema.pattern || new RegExp(schema.pattern, 'u').test(value);
  const ids = name && !schema.format ? (context.idsFor?.(name) ?? []).filter(matchesPattern) : [];
  if (ids.length > 0) candidates.push({ weight: 12, arbitrary: fc.constantFrom(...ids) });
  const formatted = formatArbitrary(schema.format ?? formatHintOf(name));
  if (formatted) candidates.push({ weight: 8, arbitrary: formatted.filter(fitsLength) });
  const pattern = patternArbitrary(schema.pattern);
  if (pattern) candidates.push({ weight: 8, arbitrary: pattern });
  candidates.push({ weight: 2, arbitrary: plainString(minLength, cap) });
  return fc.oneof(...candidates);
}

/** A format guessed from a property's name (`url`, `callbackURL`, `email`), for schemas that check it in a refinement. */
function formatHintOf(name: string | undefined): string | undefined {
  if (!name) return undefined;
  if (/url$/i.test(name)) return 'url';
  if (/^e?mail$|email$|address$/i.test(name)) return 'email';
  if (/color$/i.test(name)) return 'color';
  return undefined;
}

function formatArbitrary(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https', 'http'] });
    case 'uuid':
      return fc.uuid();
    case 'color':
      return fc.oneof(
        fc.constantFrom('#d8ff75', '#FFF', '#0000', '#12345678'),
        fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
      );
    case 'date-time':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
    default:
      return undefined;
  }
}

function patternArbitrary(pattern: string | undefined): fc.Arbitrary<string> | undefined {
  if (!pattern) return undefined;
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    // A construct fast-check cannot generate from (a lookahead, a back-reference).
    return undefined;
  }
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON)
      : schema.minimum;
  const upper =
    schema.exclusiveMaximum !== undefined
      ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON)
      : schema.maximum;
  if (integer) {
    const min = Math.ceil(Math.max(lower ?? -1_000_000, Number.MIN_SAFE_INTEGER));
    const max = Math.floor(Math.min(upper ?? 1_000_000, Number.MAX_SAFE_INTEGER));
    const small = fc.integer({ min, max: Math.min(max, min + 200) });
    const edges = fc.constantFrom(min, max);
    return fc.oneof(
      { weight: 6, arbitrary: small },
      { weight: 2, arbitrary: edges },
      fc.integer({ min, max }),
    );
  }
  return fc.double({
    min: lower ?? -1e9,
    max: upper ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values of the schema's shape (what a well-behaved client could send). */
export function validArbitrary(
  schema: JsonSchema,
  context: ArbitraryContext,
  name?: string,
  depth = 0,
  example?: unknown,
): fc.Arbitrary<unknown> {
  const drawn = drawValid(schema, context, name, depth, example);
  // The catalogue's example value, now and then: a value the server surely takes, so the cases
  // around it reach past validation.
  const isLeaf = example === null || ['string', 'number', 'boolean'].includes(typeof example);
  return isLeaf
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(example) }, { weight: 2, arbitrary: drawn })
    : drawn;
}

function drawValid(
  schema: JsonSchema,
  context: ArbitraryContext,
  name: string | undefined,
  depth: number,
  example: unknown,
): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const union = resolved.anyOf ?? resolved.oneOf;
  if (union && union.length > 0) {
    // The null branch of a nullable is drawn now and then, not half the time.
    return fc.oneof(
      ...union.map((branch) => ({
        weight: typesOf(resolve(branch, context)).includes('null') ? 1 : 3,
        arbitrary: validArbitrary(branch, context, name, depth + 1, example),
      })),
    );
  }
  if (resolved.allOf && resolved.allOf.length > 0) {
    const merged = resolved.allOf.reduce<JsonSchema>(
      (all, part) => mergeSchemas(all, resolve(part, context)),
      withoutAllOf(resolved),
    );
    return validArbitrary(merged, context, name, depth + 1, example);
  }
  const types = typesOf(resolved);
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validArbitrary({ ...resolved, type }, context, name, depth + 1)));
  }
  const type = types[0] ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return stringArbitrary(resolved, name, context);
    case 'integer':
      return numberArbitrary(resolved, true);
    case 'number':
      return numberArbitrary(resolved, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(resolved, context, name, depth, example);
    case 'object':
      return objectArbitrary(resolved, context, depth, example);
    default:
      // `{}`: anything JSON.
      return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function withoutAllOf(schema: JsonSchema): JsonSchema {
  const { allOf: _allOf, ...rest } = schema;
  return rest;
}

function mergeSchemas(left: JsonSchema, right: JsonSchema): JsonSchema {
  return {
    ...left,
    ...right,
    properties: { ...left.properties, ...right.properties },
    required: [...(left.required ?? []), ...(right.required ?? [])],
  };
}

function arrayArbitrary(
  schema: JsonSchema,
  context: ArbitraryContext,
  name: string | undefined,
  depth: number,
  example: unknown,
) {
  const minLength = schema.minItems ?? 0;
  if (schema.prefixItems) {
    return fc.tuple(...schema.prefixItems.map((item) => validArbitrary(item, context, name, depth + 1)));
  }
  if (depth >= MAX_DEPTH || schema.items === false || schema.items === undefined) {
    return fc.constant(Array.from({ length: minLength }, () => null)).map((items) => [...items]);
  }
  const maxLength = Math.min(
    schema.maxItems ?? Math.max(minLength, UNBOUNDED_ARRAY_LENGTH),
    Math.max(minLength, 10),
  );
  const exampleItem = Array.isArray(example) ? example[0] : undefined;
  return fc.array(validArbitrary(schema.items, context, name, depth + 1, exampleItem), {
    minLength,
    maxLength,
  });
}

function objectArbitrary(schema: JsonSchema, context: ArbitraryContext, depth: number, example: unknown) {
  const properties = schema.properties ?? {};
  const exampleOf = (key: string) =>
    example && typeof example === 'object' && !Array.isArray(example)
      ? (example as Record<string, unknown>)[key]
      : undefined;
  const required = new Set(schema.required ?? []);
  if (depth >= MAX_DEPTH) {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of required)
      record[key] = validArbitrary(properties[key] ?? {}, context, key, depth + 1, exampleOf(key));
    return fc.record(record);
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties))
    model[key] = validArbitrary(property, context, key, depth + 1, exampleOf(key));
  const record = fc.record(model, { requiredKeys: [...required].filter((key) => key in model) });
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const extra = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' }),
      validArbitrary(schema.additionalProperties, context, undefined, depth + 1),
      { maxKeys: 3 },
    );
    return fc.tuple(extra, record).map(([more, known]) => ({ ...more, ...known }));
  }
  return record;
}

/** A value of another JSON type than the schema's. */
function wrongTypeArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const nullable =
    types.has('null') || (schema.anyOf ?? []).some((branch) => typesOf(branch).includes('null'));
  const all: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string({ maxLength: 8 })],
    ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  if (!nullable) all.push(['null', fc.constant(null)]);
  const others = all
    .filter(([type]) => !types.has(type) && !(type === 'number' && types.has('integer')))
    .map(([, arbitrary]) => arbitrary);
  return others.length > 0 ? fc.oneof(...others) : fc.constant(Symbol.for('unrepresentable'));
}

/** A control character, an invisible or a right-to-left mark: what a hostile client slips in. */
const hostileCharacter = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r',
  '\u200b',
);

function invalidStringArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongTypeArbitrary(schema)];
  // Past the JSON body limit (1 MB by default) the size is refused before the schema: not drawn.
  if (schema.maxLength !== undefined && schema.maxLength < 100_000)
    options.push(
      fc
        .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('a', 'é', '字', '😀'))
        .map(([extra, character]) => character.repeat(schema.maxLength! + extra)),
    );
  if (schema.minLength !== undefined && schema.minLength > 0)
    options.push(fc.string({ maxLength: schema.minLength - 1 }));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    // Probes that miss the pattern, drawn as they are: filtering random strings by the pattern
    // never ends for a pattern that random strings almost always match (no control character).
    const missing = ['', '@@', '\u0000', 'a\u0000b', 'bell\u0007', '字 字', 'a'.repeat(300)].filter(
      (probe) => !pattern.test(probe),
    );
    if (missing.length > 0) options.push(fc.constantFrom(...missing));
  }
  if (schema.format) options.push(fc.constantFrom('not valid', '@', 'http//', '2026-13-45', ''));
  // Surrounding spaces and control characters: trimmed, refused or kept, the answer must say which.
  options.push(
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 10 }), hostileCharacter)
      .map(([value, character]) => `${value}${character}`),
  );
  options.push(fc.constantFrom('', ' ', '   '));
  return fc.oneof(...options);
}

function invalidNumberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongTypeArbitrary(schema)];
  const lower = schema.minimum ?? schema.exclusiveMinimum;
  const upper = schema.maximum ?? schema.exclusiveMaximum;
  if (lower !== undefined && lower > Number.MIN_SAFE_INTEGER)
    options.push(fc.integer({ min: 1, max: 1000 }).map((below) => lower - below));
  if (upper !== undefined && upper < Number.MAX_SAFE_INTEGER)
    options.push(fc.integer({ min: 1, max: 1000 }).map((above) => upper + above));
  if (integer)
    options.push(fc.double({ min: -1000, max: 1000, noNaN: true }).filter((n) => !Number.isInteger(n)));
  options.push(fc.constantFrom('1e400', '-0', '0x10', '1.5', ' 7 ', 'NaN', 'Infinity'));
  return fc.oneof(...options);
}

/**
 * Values that break the schema in one place. `undefined` when the schema accepts anything (`{}`).
 */
export function invalidArbitrary(
  schema: JsonSchema,
  context: ArbitraryContext,
  depth = 0,
): fc.Arbitrary<unknown> | undefined {
  const resolved = resolve(schema, context);
  if (resolved.const !== undefined || resolved.enum) {
    const allowed = resolved.enum ?? [resolved.const];
    return fc.oneof(
      wrongTypeArbitrary(resolved),
      fc.string({ maxLength: 12 }).filter((value) => !allowed.includes(value)),
      fc.constantFrom(...allowed.filter((value) => typeof value === 'string')).map((value) => `${value}x`),
    );
  }
  const union = resolved.anyOf ?? resolved.oneOf;
  if (union && union.length > 0) {
    // Each branch's breakage is a candidate (the oracle drops those another branch accepts).
    const options = union
      .map((branch) => invalidArbitrary(branch, context, depth + 1))
      .filter((arbitrary): arbitrary is fc.Arbitrary<unknown> => arbitrary !== undefined);
    return options.length > 0 ? fc.oneof(...options) : undefined;
  }
  if (resolved.allOf && resolved.allOf.length > 0) {
    const merged = resolved.allOf.reduce<JsonSchema>(
      (all, part) => mergeSchemas(all, resolve(part, context)),
      withoutAllOf(resolved),
    );
    return invalidArbitrary(merged, context, depth + 1);
  }
  const type = typesOf(resolved)[0] ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return invalidStringArbitrary(resolved);
    case 'integer':
      return invalidNumberArbitrary(resolved, true);
    case 'number':
      return invalidNumberArbitrary(resolved, false);
    case 'boolean':
    case 'null':
      return wrongTypeArbitrary(resolved);
    case 'array':
      return invalidArrayArbitrary(resolved, context, depth);
    case 'object':
      return invalidObjectArbitrary(resolved, context, depth);
    default:
      return undefined;
  }
}

function invalidArrayArbitrary(schema: JsonSchema, context: ArbitraryContext, depth: number) {
  const options: fc.Arbitrary<unknown>[] = [wrongTypeArbitrary(schema)];
  const item = schema.items || undefined;
  if (item) {
    const itemArbitrary = validArbitrary(item, context, undefined, depth + 1);
    if (schema.maxItems !== undefined && schema.maxItems < 200)
      options.push(
        fc.array(itemArbitrary, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }),
      );
    const badItem = depth < MAX_DEPTH ? invalidArbitrary(item, context, depth + 1) : undefined;
    if (badItem)
      options.push(
        fc.tuple(fc.array(itemArbitrary, { maxLength: 2 }), badItem).map(([items, bad]) => [...items, bad]),
      );
  }
  if (schema.minItems !== undefined && schema.minItems > 0) options.push(fc.constant([]));
  return fc.oneof(...options);
}

function invalidObjectArbitrary(schema: JsonSchema, context: ArbitraryContext, depth: number) {
  const valid = validArbitrary(schema, context, undefined, depth) as fc.Arbitrary<Record<string, unknown>>;
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const options: fc.Arbitrary<unknown>[] = [wrongTypeArbitrary(schema)];
  if (required.length > 0)
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  if (schema.additionalProperties === false)
    options.push(
      fc
        .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
        .filter(([, key]) => !(key in properties))
        .map(([value, key, extra]) => ({ ...value, [key]: extra })),
    );
  const breakable = Object.entries(properties).flatMap(([key, property]) => {
    const bad = depth < MAX_DEPTH ? invalidArbitrary(property, context, depth + 1) : undefined;
    return bad ? [fc.tuple(valid, fc.constant(key), bad)] : [];
  });
  if (breakable.length > 0)
    options.push(
      fc
        .oneof(...breakable)
        .filter(([, , bad]) => bad !== Symbol.for('unrepresentable'))
        .map(([value, key, bad]) => ({ ...value, [key]: bad })),
    );
  return fc.oneof(...options);
}

/** Whether a drawn value can be sent as JSON at all. */
export const isRepresentable = (value: unknown) => value !== Symbol.for('unrepresentable');
