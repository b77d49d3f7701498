import { ApiError } from './api-error.ts';

/**
 * What every value a caller sends must be before its contract is even
 * checked (SPEC §8: a 400 naming the field, never a 5xx). No field of ours
 * takes control characters or a UTF-16 surrogate without its pair (no
 * database stores one: PostgreSQL refuses NUL in text and JSON); numbers are
 * finite and integers exact; nothing nests deeper than any request does;
 * no object has its own `toString` or `valueOf` (turning it into text, as
 * the contract checks do to describe a failure, would throw).
 */

/** C0 and C1 controls, DEL, and (with the u flag, where a pair is one code point) lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/u;

/** Names that would shadow what JavaScript calls to turn an object into text or a number. */
const CONVERSIONS = new Set(['toString', 'valueOf']);

/** Far deeper than any contract's request (the deepest is two). */
export const MAX_DEPTH = 16;

interface Problem {
  path: string[];
  what: string;
}

function firstProblem(value: unknown, path: string[]): Problem | undefined {
  if (typeof value === 'string') {
    return NOT_TEXT.test(value) ? { path, what: 'contains a character that is not allowed' } : undefined;
  }
  if (typeof value === 'number') {
    const exact = Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
    return exact ? undefined : { path, what: 'is a number out of range' };
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (path.length >= MAX_DEPTH) return { path: path.slice(0, 1), what: 'is nested too deeply' };
  for (const [key, item] of Object.entries(value)) {
    if (NOT_TEXT.test(key)) return { path, what: 'has a name with a character that is not allowed' };
    if (CONVERSIONS.has(key)) return { path: [...path, key], what: 'is not allowed' };
    const problem = firstProblem(item, [...path, key]);
    if (problem) return problem;
  }
  return undefined;
}

/** Throws a 400 ValidationFailed naming the first field that breaks the rules above. */
export function refuseUnsafeValues(value: unknown): void {
  const problem = firstProblem(value, []);
  if (!problem) return;
  const field = problem.path.join('.');
  throw new ApiError(
    'ValidationFailed',
    `${field ? `The ${field} field` : 'The request'} ${problem.what}`,
    field || null,
  );
}

/** Whether a text has none of the characters no field takes (for values that skip `refuseUnsafeValues`). */
export const isPlainText = (value: string): boolean => !NOT_TEXT.test(value);
