import { ONBOARDING_STEPS } from '../../../domain/onboarding-steps.ts';

/** The onboarding steps' screens: each step's own, and /address (the form the address search fills in). */
const REGISTRATION_STEPS: readonly string[] = [...ONBOARDING_STEPS.map((step) => `/${step}`), '/address'];

/** Where onboarding goes on to once its steps are done: moving there is not leaving. */
const REGISTRATION_CONTINUATIONS: readonly string[] = ['/home', '/account-blocked'];

/** Would moving from an onboarding step to `pathname` abandon the registration? */
export function leavesRegistration(pathname: string): boolean {
  return !REGISTRATION_STEPS.includes(pathname) && !REGISTRATION_CONTINUATIONS.includes(pathname);
}
