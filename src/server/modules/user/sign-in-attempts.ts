import { clearCounter, countHits, giveBack, type Hit, takeHits } from '../../abuse-limits/counters.ts';
import {
  ABUSE_LIMITS,
  SIGN_IN_ACCOUNT_CAPTCHA_AFTER,
  SIGN_IN_ADDRESS_CAPTCHA_AFTER,
  SIGN_IN_CAPTCHA_AFTER,
  SIGN_IN_COUNTERS,
  signInFailurePauseSeconds,
} from '../../abuse-limits/limits.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

/** What becomes of a sign-in attempt once the password has been checked. */
export interface SignInAttempt {
  /** The right password: this attempt was no failure, and the e-mail starts afresh from this address. */
  succeeded(): Promise<void>;
  /** A failure: wait the growing pause before answering. */
  failed(): Promise<void>;
}

/**
 * Count this sign-in as a failure before the password is checked: against
 * the caller's address (refused past its cap, 429 AttemptLimit), against the
 * e-mail (or number) from that address, and against the e-mail from every
 * address. A solved captcha is needed (403 CaptchaRequired or CaptchaInvalid)
 * from the fourth attempt at one e-mail from one address, from the 11th at
 * one e-mail from anywhere within the hour, and from the 31st from one
 * address within the hour, so no guess past those is checked against a
 * password without one. Nothing keyed by the e-mail refuses a call: a
 * stranger can make the owner solve a captcha, never lock the owner out.
 * Nothing here depends on whether anyone has the e-mail.
 */
export async function beginSignIn(
  { db, clock, providers }: AppDeps,
  accountKey: string,
  address: string,
  captchaToken: string | undefined,
): Promise<SignInAttempt> {
  const now = clock.now();
  const [fromAddress] = (await takeHits(db, now, [[ABUSE_LIMITS.signInFailuresPerAddress, address]])) as [Hit];
  const [forAccountAddress, forAccount] = (await countHits(db, now, [
    [SIGN_IN_COUNTERS.perAccountAddress, JSON.stringify([accountKey, address])],
    [SIGN_IN_COUNTERS.perAccount, accountKey],
  ])) as [Hit, Hit];
  const hits = [fromAddress, forAccountAddress, forAccount];
  const captchaNeeded =
    forAccountAddress.hits > SIGN_IN_CAPTCHA_AFTER ||
    forAccount.hits > SIGN_IN_ACCOUNT_CAPTCHA_AFTER ||
    fromAddress.hits > SIGN_IN_ADDRESS_CAPTCHA_AFTER;
  if (captchaNeeded) {
    const passed = captchaToken !== undefined && (await providers.captcha.verify(captchaToken, address));
    if (!passed) {
      await giveBack(db, hits);
      throw captchaToken === undefined
        ? new ApiError('CaptchaRequired', 'Confirm that you are not a robot, then sign in again.', 'captcha_token')
        : new ApiError('CaptchaInvalid', 'The captcha did not pass. Try it again.', 'captcha_token');
    }
  }
  return {
    async succeeded() {
      // the stranger's failures elsewhere stay counted: the owner signing in does not reset them
      await giveBack(db, [fromAddress, forAccount]);
      await clearCounter(db, forAccountAddress);
    },
    failed: () => clock.sleep(signInFailurePauseSeconds(forAccountAddress.hits, forAccount.hits) * 1000),
  };
}
