import { LOCALES } from '../../locales.ts';
import { ONBOARDING_STEPS } from '../../onboarding-steps.ts';
import { Address } from '../address.ts';
import { endpoint } from '../endpoint.ts';
import { DecimalString } from '../fields.ts';
import { array, boolean, enums, type Infer, nullable, object, optional, string } from '../structs.ts';

/** The signed-in customer: who they are, what they may send, what verification needs, their language. */

export const CUSTOMER_STATUSES = ['active', 'blocked', 'disabled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** SPEC §3's results of the two-plus-two and watchlist checks. */
export const CHECK_RESULTS = ['NotVerified', 'Verified', 'Failed'] as const;

/** The signed-in customer as every screen sees them. */
export const User = object({
  /** opaque customer id; `id` carries the same value */
  guid: string(),
  id: string(),
  firstName: nullable(string()),
  lastName: nullable(string()),
  /** "First Last", or null until the name step of onboarding */
  name: nullable(string()),
  /** null for a customer who registered by phone */
  email: nullable(string()),
  /** the mobile number, masked except its last four characters (SPEC §9); null without one */
  mobile: nullable(string()),
  /** ISO 3166-1 alpha-2 country of residence */
  country: string(),
  sourceCountry: object({
    iso2: string(),
    currency: string(),
    bankIdLogin: boolean(),
  }),
  /** a bank ID has confirmed the customer's personal number: they sign in with bank ID (SPEC §3) */
  personalIdentityNumberVerified: boolean(),
  /** for US residents: their state */
  usaState: nullable(object({ code: string(), name: string() })),
  /** the customer's interface language (one of LOCALES): chosen at registration, changed with `user/locale`; e-mails, texts and pushes use it */
  locale: string(),
  status: enums(CUSTOMER_STATUSES),
  /** SPEC §4 verification status; "NotRegistered" until onboarding is complete */
  verification: object({
    status: string(),
    /** what the automatic database checks found: NotVerified until they have run */
    twoPlusTwoResult: optional(enums(CHECK_RESULTS)),
    watchlistResult: optional(enums(CHECK_RESULTS)),
  }),
  isRemittanceEnabled: boolean(),
  /** onboarding is done: every step answered, or verification has already decided */
  isFullyRegistered: boolean(),
  /** the onboarding step the customer left (also its screen's path); null once fully registered */
  redirect_to_full: nullable(enums(ONBOARDING_STEPS)),
  /** the code of the purpose of account chosen in onboarding (`GET /remit/options/get-purpose-of-account`) */
  purposeOfAccount: nullable(string()),
  address: nullable(Address),
});
export type User = Infer<typeof User>;

/**
 * `POST /user/get` (session) body, optional. A `customer_id` other than the
 * session's own answers 404 NotFound.
 */
export const UserGetRequest = object({ customer_id: optional(string()) });
export type UserGetRequest = Infer<typeof UserGetRequest>;

/** The yearly sending limit, in the customer's currency. */
export const UserLimit = object({
  currency: string(),
  limit: DecimalString,
  used: DecimalString,
  /** true once 90 % or more of the limit is used */
  limitRemainingWarning: boolean(),
});
export type UserLimit = Infer<typeof UserLimit>;

/** The remitter as SPEC §3 names it: who sends, and where they live. Null until the name step. */
export const Remitter = object({
  /** ISO alpha-2 country of residence */
  country_code: string(),
  /** its English name */
  country: string(),
  street: nullable(string()),
  postcode: nullable(string()),
  name: string(),
  surname: string(),
  /** null for a customer who registered with a mobile number */
  email: nullable(string()),
});
export type Remitter = Infer<typeof Remitter>;

export const REQUESTED_DOCUMENTS = ['identity', 'address', 'source_of_funds'] as const;

/** SPEC §3 `document_request`: what to upload now; `capture` is the identity flow, `upload` the wizard. */
export const DocumentRequest = object({
  type: enums(REQUESTED_DOCUMENTS),
  screen_type: enums(['capture', 'upload'] as const),
});
export type DocumentRequest = Infer<typeof DocumentRequest>;

/** SPEC §3 `next_document_request`: what the ladder asks for next; `optional` until a transfer needs it. */
export const NextDocumentRequest = object({
  document: enums(REQUESTED_DOCUMENTS),
  type: enums(['optional', 'standard'] as const),
});
export type NextDocumentRequest = Infer<typeof NextDocumentRequest>;

/** One item of "What we need from you". */
export const VerificationTask = object({
  item: enums(['identity_checks', ...REQUESTED_DOCUMENTS] as const),
  state: enums(['to_do', 'checking', 'done', 'rejected'] as const),
  /** why a document was refused, for the customer */
  reason: nullable(string()),
});
export type VerificationTask = Infer<typeof VerificationTask>;

/** `POST /user/get` (session) → `data`. Blocked or disabled → 403 DisabledCustomer. */
export const UserData = object({
  user: User,
  remitter: nullable(Remitter),
  user_limit: UserLimit,
  document_request: optional(nullable(DocumentRequest)),
  next_document_request: optional(nullable(NextDocumentRequest)),
  verification_tasks: optional(array(VerificationTask)),
  meta: object({
    customer: object({
      /** the identity provider's reference once verification has started */
      kyc_user_reference: nullable(string()),
    }),
  }),
});
export type UserData = Infer<typeof UserData>;

/**
 * `POST /user/locale` (session) body → `data: LocaleSaved`: the signed-in
 * customer's interface language, kept on their profile so that a sign-in on
 * another device starts in it and every e-mail, text and push they are sent
 * from then on speaks it. Saving the language already kept answers alike.
 * Errors: 400 ValidationFailed on "locale" (not one of LOCALES).
 */
export const LocaleUpdate = object({ locale: enums(LOCALES) });
export type LocaleUpdate = Infer<typeof LocaleUpdate>;

export const LocaleSaved = object({ locale: enums(LOCALES) });
export type LocaleSaved = Infer<typeof LocaleSaved>;

/** The customer's own record: `user/get` and the language they chose. */
export const profileCalls = {
  getUserData: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/get',
    auth: 'session',
    body: UserGetRequest,
    response: UserData,
    // a read SPEC names as a POST: home's greeting and yearly limit offline
    offline: 'last-known',
  }),
  saveLocale: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/locale',
    auth: 'session',
    body: LocaleUpdate,
    response: LocaleSaved,
  }),
} as const;
