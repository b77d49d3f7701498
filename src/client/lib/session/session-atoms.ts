import { atom } from 'jotai';
import { pattern, string } from 'superstruct';
import { persistedStringAtom } from '../persisted-atom.ts';

/** localStorage keys of the session (SPEC §9). */
export const ACCESS_TOKEN_KEY = 'access-token';
export const BASE_URL_KEY = 'base-url';

/** Where the main API lives until the service locator hands out another base. */
export const DEFAULT_BASE_URL = '/api/main';

/** An opaque session token as the server issues it. */
const AccessToken = pattern(string(), /^[A-Za-z0-9._~+/=-]{16,1024}$/);

/**
 * A path on our own origin: every API namespace is mounted here (DESIGN §1),
 * so a stored base can never send the token to another site.
 */
const BaseUrl = pattern(string(), /^\/(?![/\\])[A-Za-z0-9._~/-]*$/);

export const accessTokenAtom = persistedStringAtom(ACCESS_TOKEN_KEY, AccessToken, null);

const storedBaseUrlAtom = persistedStringAtom(BASE_URL_KEY, BaseUrl, null);

/** The main API base URL for this session; writing null goes back to the default. */
export const baseUrlAtom = atom(
  (get) => get(storedBaseUrlAtom) ?? DEFAULT_BASE_URL,
  (_get, set, next: string | null) => set(storedBaseUrlAtom, next),
);

export const isAuthenticatedAtom = atom((get) => get(accessTokenAtom) !== null);
