import type { JsonSchema } from './openapi/joi-to-json-schema.js';

// Every object an API answer carries says `livemode`: false in a test key's sandbox, true live
// (spec 01 "livemode"; docs/integrating.md, "Test mode": "every object"): the resource at its top, each object of its
// `data` list, and the objects nested in them (a message, a reply, an operation, a contact, ...).
// An object is anything with an `id`, a `{type, id}` reference (an operation's `resource`) too:
// what it points to lives in the same mode. Added here once for every route, and documented by
// the same rule (docs/adr/0089-issue-42-item-6-five-readings-of-the-spec.md, item e).

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));
const isObjectOfItsOwn = (o: Plain): boolean => typeof o.id === 'string';

function stamp(v: unknown, livemode: boolean): unknown {
  if (Array.isArray(v)) return v.map((item: unknown) => stamp(item, livemode));
  if (!isPlain(v)) return v;
  const out: Plain = {};
  for (const [key, value] of Object.entries(v)) out[key] = stamp(value, livemode);
  if (isObjectOfItsOwn(v) && !('livemode' in v)) out.livemode = livemode;
  return out;
}

/** The answer's body with `livemode` on every object it carries, however deep (a livemode already said is kept). */
export function stampLivemode(body: unknown, livemode: boolean): unknown {
  return isPlain(body) || Array.isArray(body) ? stamp(body, livemode) : body;
}

const LIVEMODE: JsonSchema = {
  type: 'boolean',
  description: 'false for sandbox data (a test key), true for live data. On every object an answer carries (anything with an id, an operation\'s {type, id} resource too), however deep.',
};

const hasId = (s: unknown): s is JsonSchema & { properties: Record<string, JsonSchema> } =>
  isPlain(s) && isPlain(s.properties) && 'id' in s.properties;

/** `livemode` on this schema if it describes an object with an id, and on every schema nested in it. */
function addLivemode(schema: unknown): void {
  if (!isPlain(schema)) return;
  if (hasId(schema) && !('livemode' in schema.properties)) schema.properties.livemode = LIVEMODE;
  if (isPlain(schema.properties)) for (const p of Object.values(schema.properties)) addLivemode(p);
  for (const key of ['items', 'additionalProperties', 'not']) addLivemode(schema[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(schema[key])) for (const s of schema[key] as unknown[]) addLivemode(s);
}

/**
 * Documents what stampLivemode adds: `livemode` on every object schema with an `id`, however
 * deep (the named components and each 2xx answer's own schema). Optional in the schema: the
 * same component in an event's data carries none (the envelope says it).
 */
export function documentLivemode(components: Record<string, JsonSchema>, answers: JsonSchema[]): void {
  for (const schema of [...Object.values(components), ...answers]) addLivemode(schema);
}
