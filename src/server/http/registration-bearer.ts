import { createMiddleware } from 'hono/factory';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** The bearer token of an `Authorization` header, as the OAuth calls take it; undefined when there is none. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}

/** 401 unless `Authorization: Bearer <registration_token>` is present; whether it is live is the service's to say. */
export const registrationBearer = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerOf(c.req.header('authorization'));
    if (!token) throw new ApiError('Unauthorized', 'Send the registration token as a Bearer token');
    c.set('registrationToken', token);
    await next();
  });
