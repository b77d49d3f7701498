import { redirect } from '@tanstack/react-router';
import type { OnboardingStep } from '../../../domain/onboarding-steps.ts';
import { afterFirstPaint } from '../first-paint.ts';
import {
  areaNotAvailableAccess,
  type GuardResult,
  guestOnly,
  onboardingStepAccess,
  requireAuth,
  requireOnboarded,
  requirePreviousRoute,
  stepOfPath,
  verificationAccess,
} from './guards.ts';
import { onboardingHintAtom, stepOfHint } from './last-seen-customer.ts';
import { lastResolvedPathAtom } from './navigation-atoms.ts';
import { cantFindCountryAtom, residenceCountryAtom } from './onboarding-atoms.ts';
import type { RouterContext } from './router-context.ts';
import { loadUserData, userAtom } from './user-data.ts';

/** The part of TanStack's `beforeLoad` argument the guards read. */
interface GuardInput {
  context: RouterContext;
  location: { href: string; pathname: string };
}

/** Turn a guard's answer into TanStack's redirect. */
export function enforce(result: GuardResult): void {
  if (result) throw redirect(result);
}

/** Stores whose opening page was let through on the device's hint and is waiting for the customer's answer. */
const checking = new WeakSet<GuardInput['context']['store']>();

/**
 * The page asked for (`href`) was let through, or sent on, on the device's hint: once the page has painted, ask for
 * the customer, and if their step is not the hinted one, open `href` again, guards and all. Only the first page of
 * a store checks: the page a hint sent it to must not check against itself.
 */
function checkHint({ context, location }: GuardInput, hinted: OnboardingStep | null): void {
  if (checking.has(context.store)) return;
  checking.add(context.store);
  afterFirstPaint()
    .then(async () => (context.store.get(userAtom) ?? (await loadUserData(context.store)).user).redirect_to_full)
    .then((step) => step !== hinted && context.recheck(location.href))
    .catch(() => undefined)
    .finally(() => checking.delete(context.store));
}

/**
 * Where the signed-in customer's onboarding stands: as the store knows it; else (a reload, a deep link) as this
 * device last saw it, checked once the page has painted (`checkHint`); else as POST /user/get answers. Unknown when
 * that fails: the screens then say what they cannot load.
 */
async function redirectToFull(input: GuardInput) {
  const { store } = input.context;
  const known = store.get(userAtom);
  if (known) return known.redirect_to_full;
  const hint = store.get(onboardingHintAtom);
  if (hint !== null) {
    const hinted = stepOfHint(hint);
    checkHint(input, hinted);
    return hinted;
  }
  try {
    return (await loadUserData(store)).user.redirect_to_full;
  } catch {
    return undefined;
  }
}

/** Signed-in pages: a visitor signs in first; a customer still onboarding goes to their step. */
export const authOnly = async (input: GuardInput) => {
  enforce(requireAuth(input.context.auth.isAuthenticated, input.location.href));
  const step = await redirectToFull(input);
  if (step !== undefined) enforce(requireOnboarded(step));
};

/** Onboarding steps: for a signed-in customer who has not finished them (`onboardingStepAccess`). */
export const onboardingStep = async (input: GuardInput) => {
  enforce(requireAuth(input.context.auth.isAuthenticated, input.location.href));
  const step = await redirectToFull(input);
  if (step !== undefined) enforce(onboardingStepAccess(step, stepOfPath(input.location.pathname)));
};

export const guestsOnly = ({ context }: GuardInput) => enforce(guestOnly(context.auth.isAuthenticated));

export const continuingOnboarding = ({ context }: GuardInput, netsCallback = false) =>
  enforce(requirePreviousRoute(context.store.get(lastResolvedPathAtom), netsCallback));

export const areaNotAvailable = ({ context }: GuardInput) =>
  enforce(areaNotAvailableAccess(context.store.get(lastResolvedPathAtom), context.store.get(cantFindCountryAtom)));

export const verification = ({ context }: GuardInput) =>
  enforce(verificationAccess(context.auth.isAuthenticated, context.store.get(residenceCountryAtom)));
