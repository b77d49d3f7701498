import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '../domain/feature-flags.ts';
import { PAYOUT_TYPES, type PayoutType } from '../domain/payout-types.ts';
import { ConfigProblems } from './providers/provider-settings.ts';

/**
 * SPEC §9's flags from the environment, each variable optional (unset or
 * empty: the SPEC's value). A malformed value, or one naming behaviour the
 * product does not have, stops the start with one line per variable.
 */
export function featureFlagsFrom(env: NodeJS.ProcessEnv): FeatureFlags {
  const problems: string[] = [];
  const flag = (name: string, fallback: boolean): boolean => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    problems.push(`${name} must be true or false, not '${value}'`);
    return fallback;
  };
  /** A flag with only its SPEC value: the other is refused as not supported, saying why. */
  const fixed = <V extends boolean>(name: string, only: V, missing: string): V => {
    if (flag(name, only) !== only) problems.push(`${name}=${!only} is not supported: ${missing}`);
    return only;
  };
  const flags: FeatureFlags = {
    promoCodes: flag('PROMO_CODES', DEFAULT_FEATURE_FLAGS.promoCodes),
    groupTransactions: fixed(
      'GROUP_TRANSACTIONS',
      false,
      'there is no group transaction (one payment for several transfers)',
    ),
    userInfoStep: fixed('USER_INFO_STEP', true, "the identity checks need the customer's name, birth date and address"),
    customFee: fixed('CUSTOM_FEE', false, 'fees come from the corridor fee schedules only'),
    customerIdRequired: fixed('CUSTOMER_ID_REQUIRED', false, 'there is no customer id to ask for at sign-up'),
    documentCheckRequired: fixed(
      'DOCUMENT_CHECK_REQUIRED',
      false,
      'an identity document is asked for by the verification ladder, not from everyone',
    ),
    confirmMobile: flag('MOBILE_PAYOUT_CONFIRM_MOBILE', DEFAULT_FEATURE_FLAGS.confirmMobile),
    manualDocumentUpload: fixed(
      'MANUAL_DOCUMENT_UPLOAD',
      false,
      'documents are checked by the identity provider; there is no manual review by staff',
    ),
    qrScan: flag('QR_SCAN', DEFAULT_FEATURE_FLAGS.qrScan),
    customCookiePopup: fixed('CUSTOM_COOKIE_POPUP', true, 'there is no other consent manager than the cookie notice'),
    confirmReviewPayoutTypes: payoutTypesFrom(env.CONFIRM_REVIEW_PAYOUT_TYPES, problems),
    newPayoutMethodHintUntil: dayFrom(env.NEW_PAYOUT_METHOD_HINT_UNTIL, problems),
  };
  if (problems.length > 0) throw new ConfigProblems(problems);
  return flags;
}

/** CONFIRM_REVIEW_PAYOUT_TYPES: payout type codes, comma-separated; `none` for none. */
function payoutTypesFrom(value: string | undefined, problems: string[]): readonly PayoutType[] {
  if (value === undefined || value === '') return DEFAULT_FEATURE_FLAGS.confirmReviewPayoutTypes;
  if (value === 'none') return [];
  const codes = value.split(',').map((code) => code.trim());
  const unknown = codes.filter((code) => !(PAYOUT_TYPES as readonly string[]).includes(code));
  if (unknown.length > 0) {
    problems.push(
      `CONFIRM_REVIEW_PAYOUT_TYPES must be payout types (${PAYOUT_TYPES.join(', ')}) or none, not '${unknown.join(', ')}'`,
    );
    return DEFAULT_FEATURE_FLAGS.confirmReviewPayoutTypes;
  }
  return [...new Set(codes as PayoutType[])];
}

/** NEW_PAYOUT_METHOD_HINT_UNTIL: a calendar day, YYYY-MM-DD. */
function dayFrom(value: string | undefined, problems: string[]): string {
  if (value === undefined || value === '') return DEFAULT_FEATURE_FLAGS.newPayoutMethodHintUntil;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    problems.push(`NEW_PAYOUT_METHOD_HINT_UNTIL must be a day, YYYY-MM-DD, not '${value}'`);
    return DEFAULT_FEATURE_FLAGS.newPayoutMethodHintUntil;
  }
  return value;
}
