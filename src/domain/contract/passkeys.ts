import { endpoint } from './endpoint.ts';
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
  type,
} from './structs.ts';
import { SignedIn } from './user/sign-in.ts';

/**
 * Passkeys (WebAuthn) under the main API: a signed-in customer adds, lists
 * and removes theirs; anyone may sign in with one. Options and the
 * authenticator's answers travel in the JSON forms of WebAuthn Level 3 (what
 * `PublicKeyCredential.toJSON()` and SimpleWebAuthn's browser part give).
 * Every challenge is the server's, single use and short-lived.
 */

/** base64url without padding, 1 to `max` characters */
const base64url = (max: number) => size(pattern(string(), /^[A-Za-z0-9_-]*$/), 1, max);

export const PasskeyId = base64url(1366);
/** how the browser reaches the authenticator ('internal', 'hybrid', 'usb', …: the list grows, so any short name) */
const Transports = size(array(size(pattern(string(), /^[a-z-]+$/), 1, 32)), 0, 8);

const CredentialDescriptor = type({ id: string(), type: string(), transports: optional(array(string())) });

/** `data` of registration-options: for `navigator.credentials.create`; the fields the client relies on are checked. */
export const PasskeyCreationOptions = type({
  challenge: string(),
  rp: type({ name: string(), id: optional(string()) }),
  user: type({ id: string(), name: string(), displayName: string() }),
  pubKeyCredParams: array(type({ alg: number(), type: literal('public-key') })),
  timeout: optional(number()),
  excludeCredentials: optional(array(CredentialDescriptor)),
});
export type PasskeyCreationOptions = Infer<typeof PasskeyCreationOptions>;

/** `data` of sign-in-options: for `navigator.credentials.get` (discoverable passkeys: no list of credentials). */
export const PasskeyRequestOptions = type({
  challenge: string(),
  rpId: optional(string()),
  timeout: optional(number()),
  userVerification: optional(string()),
});
export type PasskeyRequestOptions = Infer<typeof PasskeyRequestOptions>;

/** Extension outputs the browser reports; only their presence is read. */
const ClientExtensionResults = type({});

const common = {
  id: PasskeyId,
  rawId: PasskeyId,
  type: literal('public-key'),
  authenticatorAttachment: optional(enums(['platform', 'cross-platform'] as const)),
  clientExtensionResults: ClientExtensionResults,
};

/** The new credential as the browser hands it over (`startRegistration`'s answer). */
export const PasskeyAttestation = object({
  ...common,
  response: object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: optional(base64url(16_384)),
    transports: optional(Transports),
    publicKeyAlgorithm: optional(number()),
    publicKey: optional(base64url(4096)),
  }),
});
export type PasskeyAttestation = Infer<typeof PasskeyAttestation>;

/** A signed challenge (`startAuthentication`'s answer). */
export const PasskeyAssertion = object({
  ...common,
  response: object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(1024),
    userHandle: optional(base64url(512)),
  }),
});
export type PasskeyAssertion = Infer<typeof PasskeyAssertion>;

/** One of the customer's passkeys. */
export const PasskeyView = object({
  id: string(),
  /** true when the passkey is synced between the customer's devices (a password manager or platform account) */
  synced: boolean(),
  created_at: string(),
  last_used_at: nullable(string()),
});
export type PasskeyView = Infer<typeof PasskeyView>;

export const PasskeyList = array(PasskeyView);
export type PasskeyList = Infer<typeof PasskeyList>;

/** The passkeys area. */
export const passkeysApi = {
  /**
   * `POST /user/passkeys/registration-options` (session) → options to add a
   * passkey: a challenge good for five minutes, once, for this customer.
   */
  registrationOptions: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/passkeys/registration-options',
    auth: 'session',
    response: PasskeyCreationOptions,
  }),
  /**
   * `POST /user/passkeys` (session) → 201 the new passkey. 422
   * PasskeyNotVerified on "credential" when the answer does not prove a key
   * for this site and a challenge this customer was given (and not used).
   */
  addPasskey: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/passkeys',
    auth: 'session',
    body: object({ credential: PasskeyAttestation }),
    response: PasskeyView,
    status: 201,
  }),
  /** `GET /user/passkeys` (session) → the customer's passkeys, newest first. */
  listPasskeys: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/passkeys',
    auth: 'session',
    response: PasskeyList,
  }),
  /** `DELETE /user/passkeys/:id` (session) → 204; another customer's or an unknown id → 404 NotFound. */
  removePasskey: endpoint({
    method: 'DELETE',
    base: 'main',
    path: '/user/passkeys/:id',
    auth: 'session',
    params: object({ id: PasskeyId }),
    response: null,
    status: 204,
    notFound: 'Passkey',
  }),
  /**
   * `POST /user/passkeys/sign-in-options` (no session) → a challenge good
   * for five minutes, once. 429 AttemptLimit (the caller's address).
   */
  signInOptions: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/passkeys/sign-in-options',
    auth: 'none',
    response: PasskeyRequestOptions,
  }),
  /**
   * `POST /user/passkeys/sign-in` (no session) → `data: SignedIn`, a new
   * session. 422 PasskeyNotVerified for anything that does not verify (an
   * unknown passkey, a used or expired challenge, a bad signature, a counter
   * that went back); blocked → 403 DisabledCustomer; 429 AttemptLimit (the
   * caller's address).
   */
  signIn: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/passkeys/sign-in',
    auth: 'none',
    body: object({ credential: PasskeyAssertion }),
    response: SignedIn,
  }),
} as const;
