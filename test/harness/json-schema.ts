/**
 * A JSON Schema (2020-12, as OpenAPI 3.1 uses it) checker for every keyword the project's
 * documents emit (src/http/openapi/): $ref, allOf, anyOf, oneOf, type (with null), enum,
 * const, properties, required, additionalProperties, items, minItems, maxItems, minLength,
 * maxLength, pattern, format (date-time, date, uri, uuid, email), minimum, maximum, and the
 * annotations. A keyword or format it does not know THROWS: it never skips a rule silently.
 * Returns one message per violation (`<instance path>: <keyword>: ...`); empty: it conforms.
 */
export type Schema = Record<string, any>;

/** Keywords that say nothing about validity. */
const ANNOTATIONS = new Set(['description', 'default', 'title', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'x-release']);
const CHECKED = new Set([
  '$ref', 'allOf', 'anyOf', 'oneOf', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum',
]);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** RFC 3339 date-time: a day that exists, a time, and a zone. */
function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  return Boolean(m && isDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 61);
}

const FORMATS: Record<string, (value: string) => boolean> = {
  'date-time': isDateTime,
  date: isDate,
  uri: (value) => URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value),
  uuid: (value) => UUID.test(value),
  email: (value) => EMAIL.test(value),
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function resolve(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#/')) throw new Error(`json-schema: only local $ref are supported, not ${ref}`);
  return ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((node: any, part) => node?.[part], root);
}

/** The errors of the branch that came closest, for a message that says why none fit. */
function closest(results: string[][]): string {
  const best = [...results].sort((a, b) => a.length - b.length)[0] ?? [];
  return best.length ? ` (closest branch: ${best.slice(0, 3).join('; ')})` : '';
}

export function schemaErrors(value: unknown, schema: Schema, root: Schema, at = ''): string[] {
  if (typeof schema !== 'object' || schema === null) throw new Error(`json-schema: ${at || '/'}: a schema must be an object`);
  for (const keyword of Object.keys(schema)) {
    if (!CHECKED.has(keyword) && !ANNOTATIONS.has(keyword)) throw new Error(`json-schema: unknown keyword "${keyword}" at ${at || '/'}: teach test/harness/json-schema.ts to check it`);
  }
  const here = at || '/';
  const errors: string[] = [];
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, root);
    if (!target) throw new Error(`json-schema: unresolved ${schema.$ref}`);
    errors.push(...schemaErrors(value, target, root, at));
  }
  for (const s of schema.allOf ?? []) errors.push(...schemaErrors(value, s, root, at));
  if (Array.isArray(schema.anyOf)) {
    const results = schema.anyOf.map((s: Schema) => schemaErrors(value, s, root, at));
    if (!results.some((r: string[]) => r.length === 0)) errors.push(`${here}: anyOf: matches no branch${closest(results)}`);
  }
  if (Array.isArray(schema.oneOf)) {
    const results = schema.oneOf.map((s: Schema) => schemaErrors(value, s, root, at));
    const fits = results.filter((r: string[]) => r.length === 0).length;
    if (fits === 0) errors.push(`${here}: oneOf: matches no branch${closest(results)}`);
    if (fits > 1) errors.push(`${here}: oneOf: matches ${fits} branches`);
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const fits = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!fits) return [...errors, `${here}: type: is ${actual}, expected ${types.join(' or ')}`];
  }
  if (schema.enum && !schema.enum.some((v: unknown) => equal(v, value))) errors.push(`${here}: enum: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && !equal(schema.const, value)) errors.push(`${here}: const: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${here}: pattern: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${here}: minLength: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${here}: maxLength: longer than ${schema.maxLength}`);
    if (schema.format !== undefined) {
      const check = FORMATS[schema.format];
      if (!check) throw new Error(`json-schema: unknown format "${schema.format}" at ${here}: teach test/harness/json-schema.ts to check it`);
      if (!check(value)) errors.push(`${here}: format: ${JSON.stringify(value)} is not a ${schema.format}`);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${here}: minimum: ${value} is below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${here}: maximum: ${value} is above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${here}: minItems: ${value.length} items, at least ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${here}: maxItems: ${value.length} items, at most ${schema.maxItems}`);
    if (schema.items) value.forEach((item, i) => errors.push(...schemaErrors(item, schema.items, root, `${at}/${i}`)));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties: Record<string, Schema> = schema.properties ?? {};
    for (const name of schema.required ?? []) if (!(name in object)) errors.push(`${at}/${name}: required: missing`);
    for (const [name, v] of Object.entries(object)) {
      if (Object.hasOwn(properties, name)) errors.push(...schemaErrors(v, properties[name]!, root, `${at}/${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}/${name}: additionalProperties: not in the schema`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(v, schema.additionalProperties, root, `${at}/${name}`));
    }
  }
  return errors;
}
