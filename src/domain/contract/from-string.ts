import { coerce, type Struct, unknown } from 'superstruct';

/**
 * `struct`, checked after `transform` when the caller sent a string ("ke " → "KE").
 * superstruct's own `coerce(struct, string(), …)` tests the value with `is(value, string())`,
 * which builds a whole StructError, message and all, for every optional field left out of
 * a request; this asks `typeof` instead.
 */
export const fromString = <T, S>(struct: Struct<T, S>, transform: (value: string) => unknown): Struct<T, S> =>
  coerce(struct, unknown(), (value) => (typeof value === 'string' ? transform(value) : value));

/** `struct` with the spaces around a string dropped. */
export const trimmed = <T, S>(struct: Struct<T, S>): Struct<T, S> => fromString(struct, (value) => value.trim());

/** `struct` with a string trimmed and upper-cased (codes typed in any letter case). */
export const upperCased = <T, S>(struct: Struct<T, S>): Struct<T, S> =>
  fromString(struct, (value) => value.trim().toUpperCase());
