import { endpoint } from '../endpoint.ts';
import { type Infer, object, size, string } from '../structs.ts';
import { SignedIn } from '../user/sign-in.ts';
import { OAuthLinks } from './links.ts';

/** The end of a verified registration: the customer is created and handed over to a session of the main API. */

/** seconds a hand-over token from `commit` is good for */
export const HANDOFF_LIFETIME_SECONDS = 120;

/**
 * `POST /commit` (Bearer) → 201 `data: RegistrationCommitted`: the customer
 * exists now, with the verified e-mail or number, the password and the
 * consents of the registration, which ends. `jwt` (an HS256 JWT naming the
 * customer, HANDOFF_LIFETIME_SECONDS long) is handed to `jwt2auth`. Errors:
 * 401 Unauthorized (unknown or ended registration); 400 CodeNotDefined (the
 * code has not been checked yet); 409 CustomerAlreadyExists (another
 * registration of the same e-mail or number finished first).
 */
export const RegistrationCommitted = object({
  jwt: string(),
  /** ISO 8601 */
  expires_at: string(),
  /** `jwt2auth` */
  _links: OAuthLinks,
});
export type RegistrationCommitted = Infer<typeof RegistrationCommitted>;

/**
 * `POST /jwt2auth` body → 200 `data: SignedIn` (contract/user.ts): a session
 * of the main API for the customer the token names; each token is taken
 * once. Errors: 401 Unauthorized (a token that is not ours, altered, expired
 * or already taken: sign in with the e-mail or number and password).
 */
export const JwtToAuthRequest = object({ jwt: size(string(), 1, 4096) });
export type JwtToAuthRequest = Infer<typeof JwtToAuthRequest>;

/** Commit and the hand-over. */
export const handoffCalls = {
  commitRegistration: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/commit',
    auth: 'registration',
    response: RegistrationCommitted,
    status: 201,
  }),
  jwtToAuth: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/jwt2auth',
    auth: 'none',
    body: JwtToAuthRequest,
    response: SignedIn,
  }),
} as const;
