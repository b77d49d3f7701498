import { redirect } from '@tanstack/react-router';
import {
  areaNotAvailableAccess,
  type GuardResult,
  guestOnly,
  requireAuth,
  requirePreviousRoute,
  requireRegistrationStarted,
  verificationAccess,
} from './guards.ts';
import { lastResolvedPathAtom } from './navigation-atoms.ts';
import { cantFindCountryAtom, registrationStartedAtom, residenceCountryAtom } from './onboarding-atoms.ts';
import type { RouterContext } from './router-context.ts';

/** The part of TanStack's `beforeLoad` argument the guards read. */
interface GuardInput {
  context: RouterContext;
  location: { href: string };
}

/** Turn a guard's answer into TanStack's redirect. */
export function enforce(result: GuardResult): void {
  if (result) throw redirect(result);
}

export const authOnly = ({ context, location }: GuardInput) =>
  enforce(requireAuth(context.auth.isAuthenticated, location.href));

export const guestsOnly = ({ context }: GuardInput) => enforce(guestOnly(context.auth.isAuthenticated));

export const continuingOnboarding = ({ context }: GuardInput, netsCallback = false) =>
  enforce(requirePreviousRoute(context.store.get(lastResolvedPathAtom), netsCallback));

export const registrationStep = (input: GuardInput) => {
  continuingOnboarding(input);
  enforce(requireRegistrationStarted(input.context.store.get(registrationStartedAtom)));
};

export const areaNotAvailable = ({ context }: GuardInput) =>
  enforce(areaNotAvailableAccess(context.store.get(lastResolvedPathAtom), context.store.get(cantFindCountryAtom)));

export const verification = ({ context }: GuardInput) =>
  enforce(verificationAccess(context.auth.isAuthenticated, context.store.get(residenceCountryAtom)));
