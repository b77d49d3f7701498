import { enums, type Infer, object, optional, string } from '../structs.ts';

/**
 * The calls an OAuth answer allows next, keyed by their relation, the SPEC §7
 * name of the call (`email/check`, `otp/reset`, `bankid/check`…); `href` is
 * the call's path on our origin. The client decides its next screen from the
 * relations, never from a fixed order (features/auth/oauth-links.ts).
 */
export const OAUTH_RELATIONS = [
  'email/send',
  'otp/send',
  'bankid/init',
  'gcaptcha/v3',
  'gcaptcha/v2',
  'email/check',
  'email/reset',
  'otp/check',
  'otp/reset',
  'bankid/check',
  'bankid/reset',
  'bankid/ekyc',
  'otp/email',
  'commit',
  'jwt2auth',
  'flush',
] as const;
export type OAuthRelation = (typeof OAUTH_RELATIONS)[number];
export const OAuthLink = object({ href: string(), method: enums(['POST'] as const) });
export const OAuthLinks = object({
  /** start a registration by e-mail (with the guest's bearer, beyond the captcha-free ones) */
  'email/send': optional(OAuthLink),
  /** start a registration by phone (likewise) */
  'otp/send': optional(OAuthLink),
  /** start a registration by bank ID, in a country whose bank ID registers (likewise) */
  'bankid/init': optional(OAuthLink),
  /** score the invisible captcha for a guest session */
  'gcaptcha/v3': optional(OAuthLink),
  /** check the "I'm not a robot" captcha for a guest session */
  'gcaptcha/v2': optional(OAuthLink),
  'email/check': optional(OAuthLink),
  'email/reset': optional(OAuthLink),
  'otp/check': optional(OAuthLink),
  'otp/reset': optional(OAuthLink),
  'bankid/check': optional(OAuthLink),
  'bankid/reset': optional(OAuthLink),
  /** who the bank ID identified, for a registration to show and keep */
  'bankid/ekyc': optional(OAuthLink),
  /** give a phone registration the customer's e-mail address */
  'otp/email': optional(OAuthLink),
  /** create the customer of a verified registration */
  commit: optional(OAuthLink),
  /** exchange the token `commit` gave for a session of the main API */
  jwt2auth: optional(OAuthLink),
  /** end the registration: leaving it for good, or to start again with other details */
  flush: optional(OAuthLink),
} satisfies Record<OAuthRelation, unknown>);
export type OAuthLinks = Infer<typeof OAuthLinks>;
