import { describe, expect, it } from '@jest/globals';
import Joi from 'joi';
import { SchemaConverter } from '../../src/http/openapi/joi-to-json-schema.js';
import { MoneySchema } from '../../src/http/schemas/common.js';
import { WalletSchema } from '../../src/routes/account/schemas.js';

describe('joi to JSON Schema (OpenAPI 3.1)', () => {
  it('lists required keys and closes objects to unknown keys', () => {
    const schema = new SchemaConverter().convert(Joi.object({ id: Joi.string().required(), note: Joi.string() }));
    expect(schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, note: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    });
  });

  it('leaves objects open that accept unknown keys, and maps pattern objects', () => {
    const c = new SchemaConverter();
    expect(c.convert(Joi.object({ a: Joi.string() }).unknown(true))).not.toHaveProperty('additionalProperties');
    expect(c.convert(Joi.object().pattern(Joi.string(), Joi.number().integer()))).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it('turns valid() into an enum and allow(null) into a nullable type', () => {
    const c = new SchemaConverter();
    expect(c.convert(Joi.string().valid('active', 'paused'))).toEqual({ type: 'string', enum: ['active', 'paused'] });
    expect(c.convert(Joi.string().allow(null))).toEqual({ type: ['string', 'null'] });
    expect(c.convert(Joi.number().min(0).allow(null))).toEqual({ type: ['number', 'null'], minimum: 0 });
    expect(c.convert(Joi.number().integer().allow(null))).toEqual({ type: ['integer', 'null'] });
  });

  it('carries integers, lengths, bounds, patterns, formats, defaults and descriptions', () => {
    const c = new SchemaConverter();
    expect(c.convert(Joi.string().min(1).max(200).description('Free text'))).toEqual({ type: 'string', minLength: 1, maxLength: 200, description: 'Free text' });
    expect(c.convert(Joi.string().pattern(/^[A-Z]{3}$/))).toEqual({ type: 'string', pattern: '^[A-Z]{3}$' });
    expect(c.convert(Joi.number().integer().min(1).max(100).default(25))).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(c.convert(Joi.string().isoDate())).toEqual({ type: 'string', format: 'date-time' });
    expect(c.convert(Joi.string().uri())).toEqual({ type: 'string', format: 'uri' });
    expect(c.convert(Joi.string().guid())).toEqual({ type: 'string', format: 'uuid' });
    expect(c.convert(Joi.string().email())).toEqual({ type: 'string', format: 'email' });
    expect(c.convert(Joi.boolean().default(false))).toEqual({ type: 'boolean', default: false });
    expect(c.convert(Joi.date())).toEqual({ type: 'string', format: 'date-time' });
  });

  it('maps arrays with their items and sizes, and alternatives to anyOf', () => {
    const c = new SchemaConverter();
    expect(c.convert(Joi.array().items(Joi.string()).min(1).max(10))).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 });
    expect(c.convert(Joi.alternatives().try(Joi.string(), Joi.number()))).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('a schema with meta ref becomes one component, referenced by $ref wherever it is used', () => {
    const c = new SchemaConverter();
    const price = c.convert(Joi.object({ price: MoneySchema.required(), cap: MoneySchema.allow(null) }));
    expect(price).toEqual({
      type: 'object',
      properties: {
        price: { $ref: '#/components/schemas/Money' },
        cap: { anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }] },
      },
      required: ['price'],
      additionalProperties: false,
    });
    expect(Object.keys(c.components)).toEqual(['Money']);
    expect(c.components.Money).toMatchObject({
      type: 'object',
      required: ['amount', 'currency'],
      properties: { amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
    });
  });

  it("keeps a use site's null (even when met first) and, once the declaration is converted, its own description at the use site", () => {
    const c = new SchemaConverter();
    c.convert(Joi.object({ cap: MoneySchema.allow(null) }));
    expect(c.components.Money).toMatchObject({ type: 'object' });
    const shape = c.convert(Joi.object({ cap: MoneySchema.allow(null).description('None: no cap.'), price: MoneySchema.required() }));
    expect(c.components.Money).not.toHaveProperty('description');
    expect(shape.properties).toEqual({
      cap: { anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }], description: 'None: no cap.' },
      price: { $ref: '#/components/schemas/Money' },
    });
  });

  it('a named schema that nests another names both', () => {
    const c = new SchemaConverter();
    expect(c.convert(WalletSchema)).toEqual({ $ref: '#/components/schemas/Wallet' });
    expect(Object.keys(c.components).sort()).toEqual(['Money', 'Wallet']);
    expect(c.components.Wallet).toMatchObject({
      required: ['balance', 'state', 'exchange', 'topup_url', 'daily_spend', 'operation_cost_cap'],
      properties: {
        balance: { anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }] },
        state: { type: 'string', enum: ['ok', 'low', 'negative', 'blocked', 'unknown'] },
        exchange: { type: 'string', enum: ['active', 'suspended'] },
      },
    });
  });

  it('marks a field released as beta with x-release where it is, leaving its neighbours unmarked', () => {
    const schema = new SchemaConverter().convert(Joi.object({
      url: Joi.string(),
      max_per_second: Joi.number().integer().min(1).allow(null).meta({ release: 'beta' }),
    }));
    expect(schema.properties).toEqual({
      url: { type: 'string' },
      max_per_second: { type: ['integer', 'null'], minimum: 1, 'x-release': 'beta' },
    });
  });
});
