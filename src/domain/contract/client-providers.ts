import type { FeatureFlags } from '../feature-flags.ts';
import { array, boolean, type Infer, literal, nullable, object, string, union } from './structs.ts';

/**
 * `GET /api/locator/client-providers` → `data`: the outside services the
 * browser talks to itself, and where, as this deployment configured them.
 * The client asks here instead of carrying any address of its own, so a
 * production build names no sandbox page, and a service that is off (null)
 * shows no control that could not work.
 */

/** The captcha: the sandbox's widget endpoints on our origin, or Google reCAPTCHA with its public site keys. */
export const ClientCaptcha = union([
  object({ kind: literal('sandbox'), url: string() }),
  object({
    kind: literal('recaptcha'),
    /** the "I'm not a robot" checkbox (reCAPTCHA v2) */
    checkbox_site_key: string(),
    /** the invisible check (reCAPTCHA v3) */
    score_site_key: string(),
  }),
]);
export type ClientCaptcha = Infer<typeof ClientCaptcha>;

export const ClientProviders = object({
  captcha: ClientCaptcha,
  /** where page views go once analytics cookies are accepted; null: no analytics */
  analytics_url: nullable(string()),
  /** where the browser reports errors and timings (scrubbed); null: not there */
  error_reporting_url: nullable(string()),
  /**
   * a Sentry-compatible DSN (ERROR_REPORTING=sentry) the browser reports its errors to, scrubbed, with
   * `@sentry/browser` loaded only then; null: not reported there
   */
  error_reporting_dsn: nullable(string()),
  /** the support chat's message endpoint; null: no chat, support by e-mail only */
  support_chat_url: nullable(string()),
  /**
   * the countries of residence (ISO alpha-2) whose customers can search for their address; elsewhere, and
   * everywhere with ADDRESS_LOOKUP=off (empty), the customer types it
   */
  address_search_countries: array(string()),
  /** the currencies "pay from your bank" takes (ISO 4217); null: any the sender pays in */
  bank_link_currencies: nullable(array(string())),
  /** SPEC §9's configuration flags the browser acts on (the server enforces its own side of each) */
  features: object({
    /** promo codes are offered: the quote's promo field and the "Promo codes" page */
    promo_codes: boolean(),
    /** a euro bank transfer offers its payment as a QR code for a banking app to scan */
    qr_scan: boolean(),
    /** a mobile-money recipient's number is typed twice before the recipient is saved */
    confirm_mobile: boolean(),
    /** the new-payout-method card is shown before this day (YYYY-MM-DD, UTC) */
    new_payout_method_hint_until: string(),
  }),
});
export type ClientProviders = Infer<typeof ClientProviders>;

export type ClientFeatures = ClientProviders['features'];

/** What the browser is told of the deployment's flags. */
export function clientFeatures(flags: FeatureFlags): ClientFeatures {
  return {
    promo_codes: flags.promoCodes,
    qr_scan: flags.qrScan,
    confirm_mobile: flags.confirmMobile,
    new_payout_method_hint_until: flags.newPayoutMethodHintUntil,
  };
}
