import { passwordCalls } from './user/password.ts';
import { profileCalls } from './user/profile.ts';
import { signInCalls } from './user/sign-in.ts';
import { signUpCalls } from './user/sign-up.ts';

/**
 * The main API's user and session calls (SPEC §7 "User and session"), under
 * the base the service locator hands out ("/api/main"). Calls marked
 * "session" need the `x-auth-token` header; a 401 means the session ended.
 */

export * from './user/password.ts';
export * from './user/profile.ts';
export * from './user/sign-in.ts';
export * from './user/sign-up.ts';

/** The user area of the main API (SPEC §7 "User and session"). */
export const userApi = {
  ...signInCalls,
  ...profileCalls,
  ...signUpCalls,
  ...passwordCalls,
} as const;
