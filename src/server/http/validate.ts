import { validator } from 'hono/validator';
import { type Infer, type Struct, type StructError, validate } from 'superstruct';
import { ApiError } from './api-error.ts';

/** The first failure of a superstruct check as a SPEC §8 validation error. */
export function toValidationError(error: StructError): ApiError {
  const failure = error.failures()[0] ?? error;
  const path = failure.path.map(String).join('.');
  const field = path || 'request';
  const message =
    failure.value === undefined && failure.type !== 'never'
      ? `The ${field} field is required`
      : failure.refinement
        ? failure.message
        : failure.type === 'never'
          ? `The ${field} field is not allowed`
          : `The ${field} field is invalid`;
  return new ApiError('ValidationFailed', message, path || null);
}

/** Check a value against a contract struct (coercions applied) or throw a 400. */
export function check<S extends Struct<any, any>>(struct: S, value: unknown): Infer<S> {
  const [error, result] = validate(value, struct, { coerce: true });
  if (error) throw toValidationError(error);
  return result as Infer<S>;
}

/** Body middleware: the handler only runs with a body that passed the contract. */
export const jsonBody = <S extends Struct<any, any>>(struct: S) =>
  validator('json', (value) => check(struct, value) as Infer<S>);

/** Query middleware: same, for the query string (single values). */
export const queryParams = <S extends Struct<any, any>>(struct: S) =>
  validator('query', (value) => check(struct, value) as Infer<S>);
