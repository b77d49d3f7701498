import { enums, pattern, string } from 'superstruct';
import { ONBOARDING_STEPS, type OnboardingStep } from '../../../domain/onboarding-steps.ts';
import { persistedStringAtom } from '../persisted-atom.ts';

/**
 * What this device last saw of the signed-in customer, as POST /user/get or the sign-in described them, so a reload
 * opens the page at once while the customer is asked for again, instead of showing nothing for that round trip:
 * their onboarding step and their country of residence, nothing else. Sign-out removes both with the session.
 */

/** localStorage key of the customer's onboarding step (`redirect_to_full`), `done` once onboarded. */
export const ONBOARDING_HINT_KEY = 'onboarding-step';
/** localStorage key of the customer's country of residence (which legal notice and brand tag apply). */
export const COUNTRY_HINT_KEY = 'customer-country';

const DONE = 'done';
type Hint = OnboardingStep | typeof DONE;

/** The guards decide from it; the answer that follows corrects them when the step changed elsewhere. */
export const onboardingHintAtom = persistedStringAtom<Hint>(
  ONBOARDING_HINT_KEY,
  enums([...ONBOARDING_STEPS, DONE]),
  null,
);

/** The brand and the legal notice follow it until the customer is known, not a guess from the network. */
export const countryHintAtom = persistedStringAtom(COUNTRY_HINT_KEY, pattern(string(), /^[A-Z]{2}$/), null);

export const hintOf = (step: OnboardingStep | null): Hint => step ?? DONE;

export const stepOfHint = (hint: Hint): OnboardingStep | null => (hint === DONE ? null : hint);
