import type { JsonSchema } from './openapi/joi-to-json-schema.js';

// Every object an API answer carries at its top (a resource, with an `id`) or in its `data`
// list says `livemode`: false in a test key's sandbox, true live (spec 01 "livemode"; Stripe's
// rule). Added here once for every route, and documented by the same rule.

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));
const isResource = (v: unknown): v is Plain => isPlain(v) && typeof v.id === 'string';

function stamp(o: Plain, livemode: boolean): Plain {
  return 'livemode' in o ? o : { ...o, livemode };
}

/** The answer's body with `livemode` on its resource and on each object of its `data` list. */
export function stampLivemode(body: unknown, livemode: boolean): unknown {
  if (!isPlain(body)) return body;
  const stamped = isResource(body) ? stamp(body, livemode) : body;
  if (!Array.isArray(stamped.data)) return stamped;
  return { ...stamped, data: stamped.data.map((item: unknown) => (isResource(item) ? stamp(item, livemode) : item)) };
}

const LIVEMODE: JsonSchema = {
  type: 'boolean',
  description: 'false for sandbox data (a test key), true for live data. On the object an answer carries and on each object of its `data` list.',
};

const hasId = (s: unknown): s is JsonSchema & { properties: Record<string, JsonSchema> } =>
  isPlain(s) && s.type === 'object' && isPlain(s.properties) && 'id' in s.properties;

function addLivemode(schema: JsonSchema): void {
  if (hasId(schema) && !('livemode' in schema.properties)) schema.properties.livemode = LIVEMODE;
}

/**
 * Documents what stampLivemode adds: `livemode` on every object schema with an `id` (the named
 * components, and a 2xx answer's own schema and its `data` items). Optional in the schema: the
 * same component nested deeper in an answer (or in an event's data) carries none.
 */
export function documentLivemode(components: Record<string, JsonSchema>, answers: JsonSchema[]): void {
  for (const schema of Object.values(components)) addLivemode(schema);
  for (const schema of answers) {
    addLivemode(schema);
    const data = isPlain(schema.properties) ? (schema.properties as Record<string, JsonSchema>).data : undefined;
    if (data && isPlain(data.items)) addLivemode(data.items);
  }
}
