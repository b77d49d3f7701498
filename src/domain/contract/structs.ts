import type { Struct } from 'superstruct';
import * as superstruct from 'superstruct';

/**
 * superstruct, as the contract uses it, with each struct's shape kept for the
 * API description (`json-schema.ts`). superstruct's own `optional`, `nullable`,
 * `union`, `record`, `refine`, `size`, `pattern` and `coerce` return structs
 * that no longer say what they were made of (an optional string looks like a
 * string; a refinement is a closure), so these versions note it beside the
 * struct. A refinement says in JSON Schema what its check holds, or at least
 * describes it in words. The contract imports superstruct only through this
 * file (biome.json), so no shape goes unnoted.
 */

/** A JSON Schema (2020-12) fragment. */
export type JsonSchema = { [keyword: string]: unknown };

type AnyStruct = Struct<any, any>;

/** What a struct was made of, when its own `type` and `schema` do not say. */
export type Shape =
  | { kind: 'optional' | 'nullable'; of: AnyStruct }
  | { kind: 'union'; of: readonly AnyStruct[] }
  | { kind: 'record'; key: AnyStruct; value: AnyStruct }
  /** a refinement: `schema` is what it holds, added to `of`'s schema */
  | { kind: 'refine'; of: AnyStruct; name: string; schema: JsonSchema }
  /** a coercion: what a caller may send (`input`, given what `of` describes) before it becomes `of` */
  | { kind: 'coerce'; of: AnyStruct; input: (described: JsonSchema) => JsonSchema }
  | { kind: 'defaulted'; of: AnyStruct; value: unknown };

const shapes = new WeakMap<AnyStruct, Shape>();

/** The shape noted for `struct`, if it was made by one of this file's functions. */
export const shapeOf = (struct: AnyStruct): Shape | undefined => shapes.get(struct);

function noted<S extends AnyStruct>(struct: S, shape: Shape): S {
  shapes.set(struct, shape);
  return struct;
}

export {
  array,
  assign,
  boolean,
  type Describe,
  enums,
  type Infer,
  integer,
  is,
  literal,
  number,
  object,
  omit,
  type Struct,
  string,
  type,
  unknown,
  validate,
} from 'superstruct';

export const optional: typeof superstruct.optional = (struct) =>
  noted(superstruct.optional(struct), { kind: 'optional', of: struct });

export const nullable: typeof superstruct.nullable = (struct) =>
  noted(superstruct.nullable(struct), { kind: 'nullable', of: struct });

export const union: typeof superstruct.union = (structs) =>
  noted(superstruct.union(structs), { kind: 'union', of: structs });

export const record: typeof superstruct.record = (key, value) =>
  noted(superstruct.record(key, value), { kind: 'record', key, value });

/**
 * superstruct's `refine`, with `schema`: what the check holds in JSON Schema
 * (`pattern`, `minimum`, …) or, when it cannot be said there, a `description`.
 */
export function refine<T, S>(
  struct: Struct<T, S>,
  name: string,
  refiner: superstruct.Refiner<T>,
  schema: JsonSchema,
): Struct<T, S> {
  return noted(superstruct.refine(struct, name, refiner), { kind: 'refine', of: struct, name, schema });
}

/** A string, array or number between `min` and `max` (length, items, value). */
export function size<T extends string | number | unknown[], S>(
  struct: Struct<T, S>,
  min: number,
  max: number = min,
): Struct<T, S> {
  const schema =
    struct.type === 'string'
      ? { minLength: min, maxLength: max }
      : struct.type === 'array'
        ? { minItems: min, maxItems: max }
        : { minimum: min, maximum: max };
  return noted(superstruct.size(struct, min, max), { kind: 'refine', of: struct, name: 'size', schema });
}

export function pattern<T extends string, S>(struct: Struct<T, S>, regexp: RegExp): Struct<T, S> {
  return noted(superstruct.pattern(struct, regexp), {
    kind: 'refine',
    of: struct,
    name: 'pattern',
    schema: { pattern: regexp.source },
  });
}

/** A string matching `regexp`, or `message`. */
export const matching = (name: string, regexp: RegExp, message: string) =>
  refine(superstruct.string(), name, (value) => regexp.test(value) || message, { pattern: regexp.source });

/** superstruct's `coerce`, with `input`: what a caller may send, given the schema of what it becomes. */
export function coerce<T, S, C>(
  struct: Struct<T, S>,
  condition: Struct<C, any>,
  coercer: superstruct.Coercer<C>,
  input: (described: JsonSchema) => JsonSchema,
): Struct<T, S> {
  return noted(superstruct.coerce(struct, condition, coercer), { kind: 'coerce', of: struct, input });
}

export function defaulted<T, S>(struct: Struct<T, S>, fallback: T): Struct<T, S> {
  return noted(superstruct.defaulted(struct, fallback), { kind: 'defaulted', of: struct, value: fallback });
}
