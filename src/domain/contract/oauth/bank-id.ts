import { LOCALES } from '../../locales.ts';
import { endpoint } from '../endpoint.ts';
import { AgentCode, BankIdNumber, SourceCountryCode } from '../fields.ts';
import { boolean, enums, type Infer, nullable, object, optional, refine, string } from '../structs.ts';
import { SignedIn } from '../user/sign-in.ts';
import { OAuthLinks } from './links.ts';

/** Registration and sign-in with a bank ID, and a signed-in customer's move to bank-ID sign-in. */

/** new bank-ID orders a bank-ID session may start after its first (`bankid/reset`) */
export const MAX_BANK_ID_RESTARTS = 3;
export const BANK_ID_SESSION_LIFETIME_MINUTES = 15;

/**
 * `POST /bankid/init` → 201 `data: BankIdStarted`: registration or sign-in
 * with a bank ID, for a country whose bank ID Sarraf takes (Sweden, Norway;
 * the locator's `bank_id_registration` / `bank_id_login`). Send the browser
 * to `redirect_url`, the provider's page; it comes back to `/nets-success`
 * or `/nets-fail` (with `reason`: `cancelled` or `failed`). Errors: 400
 * ValidationFailed naming the field (`personal_number`: 10 to 12 digits; the
 * terms and privacy policy must be accepted to register); 400 InvalidCountry
 * on `country` (no bank ID there); 429 BankIdResetDDOS (too many from the
 * caller's address), with Retry-After; a registration, 403 CaptchaRequired
 * on `captcha` as `email/send`'s.
 */
const bankIdStartFields = {
  country: SourceCountryCode,
  personal_number: BankIdNumber,
  accept_terms: optional(boolean()),
  accept_privacy: optional(boolean()),
  locale: optional(enums(LOCALES)),
  /** registration only: the agent whose sign-up link started it; the provider then returns to /nets-agent */
  agent_code: optional(AgentCode),
};

/** The consent rule in JSON Schema: a sign-in, or both accepted. */
const CONSENT_SCHEMA = {
  anyOf: [
    { properties: { purpose: { const: 'login' } } },
    {
      properties: { accept_terms: { const: true }, accept_privacy: { const: true } },
      required: ['accept_terms', 'accept_privacy'],
    },
  ],
};

/** A registration must accept the terms and the privacy policy; a sign-in accepts nothing. */
function consent(purpose: 'registration' | 'login', accept_terms?: boolean, accept_privacy?: boolean) {
  if (purpose === 'login') return true;
  if (accept_terms !== true) return { message: 'Accept the terms and conditions to continue', path: ['accept_terms'] };
  if (accept_privacy !== true) return { message: 'Accept the privacy policy to continue', path: ['accept_privacy'] };
  return true;
}

export const BankIdStartRequest = refine(
  object({ purpose: enums(['registration', 'login'] as const), ...bankIdStartFields }),
  'consent',
  ({ purpose, accept_terms, accept_privacy }) => consent(purpose, accept_terms, accept_privacy),
  CONSENT_SCHEMA,
);
export type BankIdStartRequest = Infer<typeof BankIdStartRequest>;

export const BankIdStarted = object({
  /** bearer for `bankid/check` and `bankid/reset`; keep it only for this tab (it must outlive the provider's page) */
  bank_id_token: string(),
  /** the provider's page, where the customer identifies */
  redirect_url: string(),
  /** `bankid/check` and `bankid/reset` */
  _links: OAuthLinks,
});
export type BankIdStarted = Infer<typeof BankIdStarted>;

/**
 * `POST /bankid/reset` (Bearer) → `data: BankIdRestarted`: a new order for
 * the same bank-ID session after a cancelled or failed one. Errors: 401
 * Unauthorized (unknown or ended session: start again); 429 BankIdResetDDOS
 * (MAX_BANK_ID_RESTARTS reached, or too many from the caller's address).
 */
export const BankIdRestarted = object({ redirect_url: string(), _links: OAuthLinks });
export type BankIdRestarted = Infer<typeof BankIdRestarted>;

/*
 * `POST /bankid/check` (Bearer) → `data: SignedIn` once the provider has
 * identified the customer: a registration creates the customer (onboarding
 * follows), a sign-in opens a session of the customer with that personal
 * number in that country. Errors: 401 Unauthorized (unknown or ended
 * session); 422 CantProceedWithProvidedDetails (the identification is not
 * done: cancelled, failed or still waiting); 409 CustomerAlreadyExists
 * (registration: the number has an account, sign in instead); 404
 * CustomerNotFound (sign-in: no account has it, register instead); 403
 * DisabledCustomer.
 */

/**
 * `POST /bankid/ekyc` (Bearer, a registration's bank-ID session) → 200
 * `data: BankIdIdentity`: who the bank ID identified, as their bank holds
 * them, for the customer to see before the account is made; `bankid/check`
 * then creates the customer with these names and date of birth (onboarding
 * does not ask for them again). Errors: 401 Unauthorized (unknown or ended
 * session); 403 AccessDenied (a session that signs in); 422 CantProceedWithProvidedDetails (not
 * identified yet: cancelled, failed or still waiting).
 */
export const BankIdIdentity = object({
  given_name: string(),
  surname: string(),
  /** YYYY-MM-DD; null when the bank does not give it */
  date_of_birth: nullable(string()),
  /** the personal number, all but its last four digits masked */
  personal_number: string(),
  /** `bankid/check` */
  _links: OAuthLinks,
});
export type BankIdIdentity = Infer<typeof BankIdIdentity>;

/**
 * `POST /api/bank-id/migrate` (main API, session) body → 201 `data:
 * BankIdStarted`: a customer who signs in another way (e-mail, phone) asks
 * to sign in with bank ID from now on. As `bankid/init`, the browser goes to
 * `redirect_url` and comes back to /nets-success, whose `bankid/check` ties
 * the personal number the provider identified to the account (answering
 * `SignedIn`, with a new session) and signs the customer in. `url` is the
 * same page, under the name SPEC §7 gives it. Errors: 400 ValidationFailed
 * on `personalIdentityNumber` (10 to 12 digits); 400 InvalidCountry (no
 * bank-ID sign-in in the customer's country); 409 AccountAlreadyExists (the
 * account already signs in with bank ID); 429 BankIdResetDDOS. Its
 * `bankid/check` may answer 409 AccountAlreadyExists when another account
 * has that personal number.
 */
export const BankIdMigrateRequest = object({ personalIdentityNumber: BankIdNumber });
export type BankIdMigrateRequest = Infer<typeof BankIdMigrateRequest>;
export const BankIdMigration = object({ ...BankIdStarted.schema, url: string() });
export type BankIdMigration = Infer<typeof BankIdMigration>;

/**
 * SPEC §7's main-API names of the same bank-ID calls (one service behind
 * both): `POST /user/register-with-personal-identity-number` is `bankid/init`
 * for a registration and `POST /user/login-with-personal-identity-number` for
 * a sign-in, each with `bankid/init`'s body less `purpose` and its answers and
 * errors; `POST /api/bank-id/login` (Bearer `bank_id_token`) is `bankid/check`
 * of a sign-in's session only (a registration's → 403 AccessDenied).
 */
export const PersonalNumberRegistrationRequest = refine(
  object(bankIdStartFields),
  'consent',
  ({ accept_terms, accept_privacy }) => consent('registration', accept_terms, accept_privacy),
  {
    type: 'object',
    properties: { accept_terms: { const: true }, accept_privacy: { const: true } },
    required: ['accept_terms', 'accept_privacy'],
  },
);
export type PersonalNumberRegistrationRequest = Infer<typeof PersonalNumberRegistrationRequest>;
export const PersonalNumberLoginRequest = object({
  country: bankIdStartFields.country,
  personal_number: bankIdStartFields.personal_number,
  locale: bankIdStartFields.locale,
});
export type PersonalNumberLoginRequest = Infer<typeof PersonalNumberLoginRequest>;

/** Bank ID: registration, sign-in and migrate. */
export const bankIdCalls = {
  startBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/init',
    auth: 'none',
    body: BankIdStartRequest,
    response: BankIdStarted,
    status: 201,
  }),
  checkBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/check',
    auth: 'registration',
    response: SignedIn,
  }),
  identifyBankIdPerson: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/ekyc',
    auth: 'registration',
    response: BankIdIdentity,
  }),
  restartBankId: endpoint({
    method: 'POST',
    base: 'oauth',
    path: '/bankid/reset',
    auth: 'registration',
    response: BankIdRestarted,
  }),
  registerWithPersonalIdentityNumber: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/register-with-personal-identity-number',
    auth: 'none',
    body: PersonalNumberRegistrationRequest,
    response: BankIdStarted,
    status: 201,
  }),
  loginWithPersonalIdentityNumber: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/login-with-personal-identity-number',
    auth: 'none',
    body: PersonalNumberLoginRequest,
    response: BankIdStarted,
    status: 201,
  }),
  bankIdLogin: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/bank-id/login',
    auth: 'registration',
    response: SignedIn,
  }),
  migrateToBankId: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/bank-id/migrate',
    auth: 'session',
    body: BankIdMigrateRequest,
    response: BankIdMigration,
    status: 201,
  }),
} as const;
