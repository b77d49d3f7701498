import { clearCounter, giveBack, type Hit, takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS, SIGN_IN_CAPTCHA_AFTER, signInPauseSeconds } from '../../abuse-limits/limits.ts';
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
 * Count this sign-in as a failure before the password is checked, against
 * the caller's address and against the e-mail (or number) from that address, and
 * refuse it when either has had its fill (429 AttemptLimit). From the
 * fourth attempt at one e-mail from one address, a solved captcha is needed
 * too (403 CaptchaRequired or CaptchaInvalid). Nothing here depends on
 * whether anyone has the e-mail, and nothing counts against the e-mail from
 * other addresses, so a stranger's guesses never stop its owner elsewhere.
 */
export async function beginSignIn(
  { db, clock, providers }: AppDeps,
  accountKey: string,
  address: string,
  captchaToken: string | undefined,
): Promise<SignInAttempt> {
  const hits = await takeHits(db, clock.now(), [
    [ABUSE_LIMITS.signInFailuresPerAddress, address],
    [ABUSE_LIMITS.signInFailuresPerAccountAddress, JSON.stringify([accountKey, address])],
  ]);
  const [fromAddress, forAccount] = hits as [Hit, Hit];
  if (forAccount.hits > SIGN_IN_CAPTCHA_AFTER) {
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
      await giveBack(db, [fromAddress]);
      await clearCounter(db, forAccount);
    },
    failed: () => clock.sleep(signInPauseSeconds(forAccount.hits) * 1000),
  };
}
