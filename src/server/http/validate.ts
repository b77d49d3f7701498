import type { HonoRequest, MiddlewareHandler } from 'hono';
import { type Infer, type Struct, type StructError, validate } from 'superstruct';
import type { ErrorType } from '../../domain/errors.ts';
import { ApiError } from './api-error.ts';
import { refuseUnsafeValues } from './input-values.ts';
import { readJsonBody } from './json-body.ts';

/** Refinements whose failure has an error type of its own (SPEC §8); any other failure is ValidationFailed. */
const REFINEMENT_TYPES: Readonly<Record<string, ErrorType>> = { phone: 'InvalidPhone' };

/** SPEC §8's types for a field the call needs and the body left out (a top-level field of that name). */
const MISSING_TYPES: Readonly<Record<string, ErrorType>> = {
  mobile: 'MobileNotDefined',
  country: 'CountryNotDefined',
  email: 'EmailNotDefined',
};

/** A text that is there but holds nothing but spaces: SPEC §8's ValueNotBeBlank, whatever else the field asks. */
const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

/**
 * The first failure of a superstruct check as a SPEC §8 validation error. The
 * error is that failure: asking for `failures()` would run the check on to
 * the end, one failure per element of a huge array.
 */
export function toValidationError(error: StructError): ApiError {
  const path = error.path.map(String).join('.');
  const field = path || 'request';
  const prefix = `At path: ${error.path.join('.')} -- `;
  const message =
    error.value === undefined && error.type !== 'never'
      ? `The ${field} field is required`
      : error.refinement
        ? error.message.startsWith(prefix)
          ? error.message.slice(prefix.length)
          : error.message
        : error.type === 'never'
          ? `The ${field} field is not allowed`
          : `The ${field} field is invalid`;
  if (error.value === undefined && error.type !== 'never' && MISSING_TYPES[path]) {
    return new ApiError(MISSING_TYPES[path], message, path);
  }
  // the field's own words stay (they say what it needs); the type says it was left blank
  if (isBlank(error.value) && error.path.length > 0) return new ApiError('ValueNotBeBlank', message, path);
  const type = (error.refinement ? REFINEMENT_TYPES[error.refinement] : undefined) ?? 'ValidationFailed';
  return new ApiError(type, message, path || null);
}

/** Check a value a caller sent against a contract struct (coercions applied) or throw a 400. */
export function check<S extends Struct<any, any>>(struct: S, value: unknown): Infer<S> {
  refuseUnsafeValues(value);
  const [error, result] = validate(value, struct, { coerce: true });
  if (error) throw toValidationError(error);
  return result as Infer<S>;
}

/** The name of a query parameter as the caller wrote it, decoded where it can be. */
function parameterName(pair: string): string {
  const raw = (pair.split('=', 1)[0] ?? '').replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The query string's parameters, each a value or, when repeated, a list; a
 * malformed escape is a 400 naming the parameter it is in.
 */
function queryValues(req: HonoRequest): Record<string, string | string[] | undefined> {
  const search = new URL(req.url).search.slice(1);
  for (const pair of search.split('&')) {
    try {
      decodeURIComponent(pair);
    } catch {
      throw new ApiError(
        'ValidationFailed',
        'The query string has a malformed %-escape or is not UTF-8',
        parameterName(pair) || null,
      );
    }
  }
  return Object.fromEntries(Object.entries(req.queries()).map(([key, all]) => [key, all.length === 1 ? all[0] : all]));
}

type Checked<Target extends 'json' | 'query', S extends Struct<any, any>> = MiddlewareHandler<
  any,
  string,
  { in: { [K in Target]: Infer<S> }; out: { [K in Target]: Infer<S> } }
>;

/** Body middleware: the handler only runs with a JSON body that passed the contract. */
export const jsonBody =
  <S extends Struct<any, any>>(struct: S): Checked<'json', S> =>
  async (c, next) => {
    c.req.addValidatedData('json', check(struct, await readJsonBody(c.req)));
    await next();
  };

/** Query middleware: same, for the query string. */
export const queryParams =
  <S extends Struct<any, any>>(struct: S): Checked<'query', S> =>
  async (c, next) => {
    c.req.addValidatedData('query', check(struct, queryValues(c.req)));
    await next();
  };

/**
 * A provider's webhook body, once its signature held: 401 Unauthorized when it did not (nothing read), 400 when the
 * body is not JSON or not `struct`'s shape.
 */
export function signedWebhookBody<S extends Struct<any, any>>(
  signatureHolds: boolean,
  rawBody: string,
  struct: S,
): Infer<S> {
  if (!signatureHolds) throw new ApiError('Unauthorized', 'The webhook signature does not hold');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new ApiError('ValidationFailed', 'The webhook body is not JSON');
  }
  return check(struct, parsed);
}
