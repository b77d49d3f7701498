import { coerce, type JsonSchema, type Struct, unknown } from './structs.ts';

/**
 * `struct`, checked after `transform` when the caller sent a string ("ke " → "KE").
 * superstruct's own `coerce(struct, string(), …)` tests the value with `is(value, string())`,
 * which builds a whole StructError, message and all, for every optional field left out of
 * a request; this asks `typeof` instead. `input` says what a caller may send, given the
 * schema of what it becomes.
 */
export const fromString = <T, S>(
  struct: Struct<T, S>,
  transform: (value: string) => unknown,
  input: (described: JsonSchema) => JsonSchema,
): Struct<T, S> => coerce(struct, unknown(), (value) => (typeof value === 'string' ? transform(value) : value), input);

/** What a caller may send to a string field normalised before its check: any string, with the check said in words. */
const normalisedFirst =
  (how: string) =>
  ({ pattern: _pattern, enum: _enum, minLength: _min, maxLength: _max, description, ...rest }: JsonSchema) => ({
    ...rest,
    description: [description, `${how} before the check`].filter(Boolean).join('; '),
  });

/** `struct` with the spaces around a string dropped. */
export const trimmed = <T, S>(struct: Struct<T, S>): Struct<T, S> =>
  fromString(struct, (value) => value.trim(), normalisedFirst('surrounding spaces are dropped'));

/** `struct` with a string trimmed and upper-cased (codes typed in any letter case). */
export const upperCased = <T, S>(struct: Struct<T, S>): Struct<T, S> =>
  fromString(
    struct,
    (value) => value.trim().toUpperCase(),
    normalisedFirst('surrounding spaces are dropped and letters upper-cased'),
  );

/** A query parameter's number as the query string carries it: digits only (anything else fails the check). */
export const queryInteger = <S>(struct: Struct<number, S>): Struct<number, S> =>
  fromString(
    struct,
    (value) => (/^\d+$/.test(value) ? Number(value) : Number.NaN),
    (described) => described,
  );
