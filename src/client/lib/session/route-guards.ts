import { redirect } from '@tanstack/react-router';
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

/**
 * Where the signed-in customer's onboarding stands: as the store knows it,
 * else as POST /user/get answers (a reload, a deep link). Unknown when that
 * fails: the screens then say what they cannot load.
 */
async function redirectToFull({ context }: GuardInput) {
  const known = context.store.get(userAtom);
  if (known) return known.redirect_to_full;
  try {
    return (await loadUserData(context.store)).user.redirect_to_full;
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
