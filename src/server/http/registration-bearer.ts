import { createMiddleware } from 'hono/factory';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** 401 unless `Authorization: Bearer <registration_token>` is present; whether it is live is the service's to say. */
export const registrationBearer = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) throw new ApiError('Unauthorized', 'Send the registration token as a Bearer token');
    c.set('registrationToken', token);
    await next();
  });
