import type Joi from 'joi';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it) node. */
export type JsonSchema = Record<string, unknown>;

interface Description {
  type: string;
  flags?: { presence?: string; only?: boolean; default?: unknown; description?: string; unknown?: boolean };
  rules?: { name: string; args?: Record<string, unknown> }[];
  keys?: Record<string, Description>;
  items?: Description[];
  allow?: unknown[];
  metas?: { ref?: string; release?: string }[];
  matches?: { schema?: Description }[];
  patterns?: { rule: Description }[];
}

/**
 * Turns joi schemas into JSON Schema for the OpenAPI document, so validation and
 * documentation come from one source. Schemas with `.meta({ ref })` become named
 * components referenced by `$ref`; a field with `.meta({ release: 'beta' })` carries
 * `x-release: beta`, as operations do, so a beta field inside a stable answer is marked where it is.
 */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: Joi.Schema): JsonSchema {
    return this.node(schema.describe() as Description);
  }

  /**
   * A named schema becomes its component the first time it is met (convert the declarations
   * first where use sites describe them differently). What only a use site says stays there:
   * null allowed (`anyOf` with null) and a description of its own (next to the `$ref`).
   */
  private node(d: Description): JsonSchema {
    const ref = d.metas?.find((m) => m.ref)?.ref;
    if (!ref) return this.inline(d);
    if (!this.components[ref]) {
      this.components[ref] = {};
      this.components[ref] = this.inline({ ...d, allow: d.allow?.filter((v) => v !== null) });
    }
    const target: JsonSchema = { $ref: `#/components/schemas/${ref}` };
    const out = d.allow?.includes(null) ? { anyOf: [target, { type: 'null' }] } : target;
    const description = d.flags?.description;
    return description && description !== this.components[ref].description ? { ...out, description } : out;
  }

  private inline(d: Description): JsonSchema {
    const out: JsonSchema = {};
    const rule = (name: string) => d.rules?.find((r) => r.name === name)?.args;
    // integer, isoDate, uri, guid and email carry no args: test for the rule itself.
    const has = (name: string) => d.rules?.some((r) => r.name === name) ?? false;
    const allowed = (d.allow ?? []).filter((v) => v !== null && v !== '');
    switch (d.type) {
      case 'object': {
        out.type = 'object';
        if (d.keys) {
          out.properties = Object.fromEntries(Object.entries(d.keys).map(([k, v]) => [k, this.node(v)]));
          const required = Object.entries(d.keys).filter(([, v]) => v.flags?.presence === 'required').map(([k]) => k);
          if (required.length) out.required = required;
        }
        if (d.patterns?.[0]) out.additionalProperties = this.node(d.patterns[0].rule);
        else if (d.keys && !d.flags?.unknown) out.additionalProperties = false;
        break;
      }
      case 'string': {
        out.type = 'string';
        if (rule('min')) out.minLength = rule('min')!.limit;
        if (rule('max')) out.maxLength = rule('max')!.limit;
        const pattern = rule('pattern')?.regex;
        if (typeof pattern === 'string') out.pattern = pattern.replace(/^\/(.*)\/[a-z]*$/, '$1');
        if (has('isoDate')) out.format = 'date-time';
        if (has('uri')) out.format = 'uri';
        if (has('guid')) out.format = 'uuid';
        if (has('email')) out.format = 'email';
        break;
      }
      case 'number': {
        out.type = has('integer') ? 'integer' : 'number';
        if (rule('min')) out.minimum = rule('min')!.limit;
        if (rule('max')) out.maximum = rule('max')!.limit;
        break;
      }
      case 'boolean':
        out.type = 'boolean';
        break;
      case 'date':
        out.type = 'string';
        out.format = 'date-time';
        break;
      case 'array': {
        out.type = 'array';
        if (d.items?.[0]) out.items = d.items.length === 1 ? this.node(d.items[0]) : { anyOf: d.items.map((i) => this.node(i)) };
        if (rule('min')) out.minItems = rule('min')!.limit;
        if (rule('max')) out.maxItems = rule('max')!.limit;
        break;
      }
      case 'alternatives':
        out.anyOf = (d.matches ?? []).filter((m) => m.schema).map((m) => this.node(m.schema!));
        break;
      default:
        break;
    }
    if (d.flags?.only && allowed.length) out.enum = d.allow?.includes(null) ? [...allowed, null] : allowed;
    if (d.allow?.includes(null) && typeof out.type === 'string') out.type = [out.type, 'null'];
    if (d.flags?.description) out.description = d.flags.description;
    if (d.flags?.default !== undefined && typeof d.flags.default !== 'function') out.default = d.flags.default;
    const release = d.metas?.find((m) => m.release)?.release;
    if (release) out['x-release'] = release;
    return out;
  }
}
