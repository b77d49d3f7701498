import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiErrorBody, errorUrn } from '../../domain/errors.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

function body(type: Parameters<typeof errorUrn>[0], message: string, path: string | null): { errors: ApiErrorBody[] } {
  return { errors: [{ type: errorUrn(type), message, property_path: path }] };
}

const DATABASE_RETRY_AFTER_SECONDS = 1;

/** Every failure leaves in the SPEC §8 envelope; never a stack trace. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    if (err.status >= 500) c.var.log?.error({ err }, 'request failed');
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(body(err.type, err.message, err.propertyPath), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) return c.json(body('PayloadTooLarge', 'The request body is too large', null), 413);
    if (err.status === 400) return c.json(body('ValidationFailed', 'The request is malformed', null), 400);
  }
  if (isDatabaseUnavailable(err)) {
    // the database is away or too slow: the caller may try again, and the log says which
    c.var.log?.warn({ err }, 'database unavailable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(body('ServiceUnavailable', 'The service is unavailable; try again shortly', null), 503);
  }
  c.var.log?.error({ err }, 'unhandled error');
  return c.json(body('OpsSomethingWentWrong', 'Something went wrong', null), 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(body('NotFound', `No route for ${c.req.method} ${c.req.path}`, null), 404);
