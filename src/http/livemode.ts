import type { JsonSchema } from './openapi/joi-to-json-schema.js';

// Every object an API answer carries at its top (a resource, with an `id`) or in its `data`
// list says `livemode`: false in a test key's sandbox, true live (spec 01 "livemode"; Stripe's
// rule). Added here once for every route, and documented by the same rule.

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
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

const LIVEMODE: JsonSchema = { type: 'boolean', description: 'false for the sandbox (a test key), true for live data.' };

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? components[ref.replace('#/components/schemas/', '')] ?? schema : schema;
}

function withLivemodeProperty(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  if ('livemode' in properties) return schema;
  return { ...schema, properties: { ...properties, livemode: LIVEMODE }, required: [...((schema.required as string[] | undefined) ?? []), 'livemode'] };
}

const hasId = (s: JsonSchema) => s.type === 'object' && isPlain(s.properties) && 'id' in s.properties;

/** A 2xx answer's schema as stampLivemode shapes it (the named components stay as they are). */
export function documentLivemode(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const resolved = resolve(schema, components);
  if (resolved.type !== 'object' || !isPlain(resolved.properties)) return schema;
  const top = hasId(resolved) ? withLivemodeProperty(resolved) : resolved;
  const data = (top.properties as Record<string, JsonSchema>).data;
  if (!data || data.type !== 'array' || !isPlain(data.items)) return top === resolved ? schema : top;
  const item = resolve(data.items, components);
  if (!hasId(item)) return top === resolved ? schema : top;
  return { ...top, properties: { ...(top.properties as Record<string, JsonSchema>), data: { ...data, items: withLivemodeProperty(item) } } };
}
