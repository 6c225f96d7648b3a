/**
 * A small JSON Schema checker for the subset the OpenAPI document uses ($ref, anyOf, type,
 * properties, required, additionalProperties, items, enum, pattern, bounds, date-time and
 * uri formats), so tests can hold real answers against the published document.
 * Returns one message per violation; an empty list means the value conforms.
 */
export type Schema = Record<string, any>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function schemaErrors(value: unknown, schema: Schema, root: Schema, at = ''): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.replace(/^#\//, '').split('/').reduce((node: any, part: string) => node?.[part], root);
    if (!target) return [`${at}: unresolved ${schema.$ref}`];
    return schemaErrors(value, target, root, at);
  }
  if (Array.isArray(schema.anyOf)) {
    const ok = schema.anyOf.some((s: Schema) => schemaErrors(value, s, root, at).length === 0);
    return ok ? [] : [`${at}: matches no anyOf branch`];
  }
  const errors: string[] = [];
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const fits = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!fits) return [`${at}: is ${actual}, expected ${types.join(' or ')}`];
  }
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) errors.push(`${at}: does not match ${schema.pattern}`);
    if (schema.minLength !== undefined && value.length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`);
    if (schema.format === 'uri' && !URL.canParse(value)) errors.push(`${at}: not a uri`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => errors.push(...schemaErrors(item, schema.items, root, `${at}/${i}`)));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties: Record<string, Schema> = schema.properties ?? {};
    for (const name of schema.required ?? []) if (!(name in object)) errors.push(`${at}/${name}: required`);
    for (const [name, v] of Object.entries(object)) {
      if (properties[name]) errors.push(...schemaErrors(v, properties[name], root, `${at}/${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}/${name}: not in the schema`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(v, schema.additionalProperties, root, `${at}/${name}`));
    }
  }
  return errors;
}
