import { DetectedCountry, LoggedOut, type LoginRequest, SignedIn, UserData } from '../../../domain/contract/user.ts';
import { api } from './client.ts';

/** POST /user/get: the signed-in customer, their yearly limit and verification references. */
export function fetchUserData(signal?: AbortSignal): Promise<UserData> {
  return api('/user/get', UserData, { method: 'POST', body: {}, signal });
}

/** POST /user/login: a session for this e-mail and password. */
export function login(body: LoginRequest): Promise<SignedIn> {
  return api('/user/login', SignedIn, { method: 'POST', body });
}

/**
 * POST /user/logout: the server ends the session `token` names. The token is
 * passed in rather than read from the store, so signing out can forget it
 * locally first and a refusal is never taken for an expired session.
 */
export function revokeSession(token: string, signal?: AbortSignal): Promise<LoggedOut> {
  return api('/user/logout', LoggedOut, { method: 'POST', headers: { 'x-auth-token': token }, signal });
}

/** GET /user/detect-country: the visitor's likely country, to preselect it. No session needed. */
export function detectCountry(signal?: AbortSignal): Promise<DetectedCountry> {
  return api('/user/detect-country', DetectedCountry, { signal });
}
