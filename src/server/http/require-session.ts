import { createMiddleware } from 'hono/factory';
import { touchSession } from '../auth/sessions.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

/**
 * 401 unless `x-auth-token` names a live session, 403 DisabledCustomer when
 * its customer is blocked; sets `c.var.session`.
 */
export const requireSession = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = c.req.header('x-auth-token');
    if (!token) throw new ApiError('Unauthorized', 'Sign in to continue');
    const { db, config, clock, sessions } = c.var.deps;
    const session = await touchSession(db, config, clock, token, sessions);
    if (!session) throw new ApiError('Unauthorized', 'Your session has ended; sign in again');
    if (!session.active) throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
    c.set('session', session);
    await next();
  });
