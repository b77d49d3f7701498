import { Ajv2020 } from 'ajv/dist/2020.js';
import * as superstruct from 'superstruct';
import { describe, expect, it } from 'vitest';
import { fromString, queryInteger, trimmed, upperCased } from '../../src/domain/contract/from-string.ts';
import { jsonSchema, objectFields, UndescribedStruct } from '../../src/domain/contract/json-schema.ts';
import {
  array,
  boolean,
  defaulted,
  enums,
  integer,
  literal,
  matching,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
  string,
  type,
  union,
  unknown,
} from '../../src/domain/contract/structs.ts';

const ajv = new Ajv2020({ strict: true });

describe('the contract structs as JSON Schema', () => {
  it('describes objects with their required and optional fields, closed; `type` open', () => {
    const struct = object({ id: string(), note: optional(string()), count: integer(), ok: boolean(), n: number() });
    expect(jsonSchema(struct, 'response')).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        note: { type: 'string' },
        count: { type: 'integer' },
        ok: { type: 'boolean' },
        n: { type: 'number' },
      },
      required: ['id', 'count', 'ok', 'n'],
      additionalProperties: false,
    });
    expect(jsonSchema(type({ id: string() }), 'response')).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
  });

  it('describes nullable, unions, literals, enums, arrays and records', () => {
    expect(jsonSchema(nullable(string()), 'response')).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(jsonSchema(union([literal('a'), integer()]), 'response')).toEqual({
      anyOf: [{ const: 'a' }, { type: 'integer' }],
    });
    expect(jsonSchema(enums(['X', 'Y']), 'response')).toEqual({ type: 'string', enum: ['X', 'Y'] });
    expect(jsonSchema(enums([1, 2]), 'response')).toEqual({ type: 'number', enum: [1, 2] });
    expect(jsonSchema(array(string()), 'response')).toEqual({ type: 'array', items: { type: 'string' } });
    expect(jsonSchema(record(string(), integer()), 'response')).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'integer' },
    });
  });

  it('says refinements in JSON Schema: size, pattern, and what a refine declares; meeting keywords go under allOf', () => {
    expect(jsonSchema(size(string(), 1, 64), 'request')).toEqual({ type: 'string', minLength: 1, maxLength: 64 });
    expect(jsonSchema(size(array(string()), 1, 3), 'request')).toEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: 3,
    });
    expect(jsonSchema(pattern(string(), /^a+$/), 'request')).toEqual({ type: 'string', pattern: '^a+$' });
    expect(jsonSchema(matching('code', /^[A-Z]{3}$/, 'three letters'), 'request')).toEqual({
      type: 'string',
      pattern: '^[A-Z]{3}$',
    });
    const twice = refine(pattern(string(), /^a/), 'ends', (value) => value.endsWith('z'), { pattern: 'z$' });
    expect(jsonSchema(twice, 'request')).toEqual({ allOf: [{ type: 'string', pattern: '^a' }, { pattern: 'z$' }] });
  });

  it('describes a request before its coercions, an answer after them; a default leaves the field optional', () => {
    const code = upperCased(matching('code', /^[A-Z]{2}$/, 'two letters'));
    expect(jsonSchema(code, 'response')).toEqual({ type: 'string', pattern: '^[A-Z]{2}$' });
    expect(jsonSchema(code, 'request')).toEqual({
      type: 'string',
      description: 'surrounding spaces are dropped and letters upper-cased before the check',
    });
    expect(jsonSchema(trimmed(size(string(), 1, 3)), 'request')).toMatchObject({ type: 'string' });
    const limit = queryInteger(refine(integer(), 'limit', (v) => v <= 9, { maximum: 9 }));
    expect(jsonSchema(limit, 'request')).toEqual({ type: 'integer', maximum: 9 });
    const json = fromString(array(string()), JSON.parse, (described) => ({
      type: 'string',
      contentSchema: described,
    }));
    expect(jsonSchema(json, 'request')).toEqual({
      type: 'string',
      contentSchema: { type: 'array', items: { type: 'string' } },
    });
    const withDefault = object({ page: defaulted(integer(), 1) });
    expect(jsonSchema(withDefault, 'request')).toEqual({
      type: 'object',
      properties: { page: { type: 'integer', default: 1 } },
      additionalProperties: false,
    });
    expect(jsonSchema(withDefault, 'response')).toMatchObject({ required: ['page'] });
  });

  it('refuses, naming where, every struct it cannot describe instead of writing {}', () => {
    const cannot: superstruct.Struct<any, any>[] = [
      superstruct.define('custom', () => true),
      superstruct.date(),
      superstruct.any(),
      superstruct.map(string(), string()),
      superstruct.set(string()),
      superstruct.tuple([string()]),
      superstruct.intersection([object({ a: string() }), object({ b: string() })]),
      superstruct.bigint(),
      literal({ a: 1 } as unknown as 'a'),
    ];
    for (const struct of cannot) {
      expect(() => jsonSchema(object({ field: struct }), 'response', 'Example')).toThrow(UndescribedStruct);
      expect(() => jsonSchema(object({ field: struct }), 'response', 'Example')).toThrow(/^Example\.field: /);
    }
    expect(() => jsonSchema(array(superstruct.date()), 'response', 'List')).toThrow(/^List\[\]: /);
  });

  it('takes parameters only from a plain object of fields', () => {
    expect(objectFields(object({ id: string(), q: optional(string()) }), 'request', 'p')).toEqual([
      { name: 'id', schema: { type: 'string' }, required: true },
      { name: 'q', schema: { type: 'string' }, required: false },
    ]);
    expect(() => objectFields(string(), 'request', 'p')).toThrow(UndescribedStruct);
    const refined = refine(object({ a: string() }), 'x', () => true, { description: 'x' });
    expect(() => objectFields(refined, 'request', 'p')).toThrow(UndescribedStruct);
  });

  it('writes schemas a strict 2020-12 validator compiles, which judge as the struct does', () => {
    const struct = object({
      id: matching('id', /^tr_\d+$/, 'an id'),
      amount: nullable(size(integer(), 0, 100)),
      tags: optional(array(enums(['a', 'b']))),
      meta: record(string(), union([string(), boolean()])),
      any: unknown(),
    });
    const check = ajv.compile(jsonSchema(struct, 'response'));
    const samples = [
      { id: 'tr_1', amount: 5, tags: ['a'], meta: { x: true }, any: 1 },
      { id: 'tr_1', amount: null, meta: {}, any: null },
      { id: 'tx_1', amount: 5, meta: {}, any: 1 },
      { id: 'tr_1', amount: 500, meta: {}, any: 1 },
      { id: 'tr_1', amount: 5, tags: ['c'], meta: {}, any: 1 },
      { id: 'tr_1', amount: 5, meta: { x: 3 }, any: 1 },
      { id: 'tr_1', amount: 5, meta: {}, any: 1, extra: 1 },
    ];
    for (const sample of samples) expect(check(sample)).toBe(superstruct.is(sample, struct));
  });
});
