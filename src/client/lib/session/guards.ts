/**
 * Route guards of SPEC §2 "Guards" as pure decisions: each takes what it needs
 * to know and answers where to send the user instead, or null to let them in.
 * Routes call them from `beforeLoad` through `route-guards.ts`.
 */

import { ONBOARDING_STEPS, type OnboardingStep } from '../../../domain/onboarding-steps.ts';

/** An onboarding step's screen: the step's name is its path. */
export type StepPath = `/${OnboardingStep}`;

export type GuardRedirect =
  | { to: '/sign-in'; search: { redirect?: string } }
  | { to: '/home' }
  | { to: '/country-of-residence' }
  | { to: StepPath };

export type GuardResult = GuardRedirect | null;

// Fresh objects each time: the router writes into the redirect it is given.
const signIn = (): GuardRedirect => ({ to: '/sign-in', search: {} });
const home = (): GuardRedirect => ({ to: '/home' });
const countryOfResidence = (): GuardRedirect => ({ to: '/country-of-residence' });
const HOME_PATH = '/home' as const;

/** Authenticated-only routes: a visitor goes to sign-in, remembering the full path (query included). */
export function requireAuth(authenticated: boolean, href: string): GuardResult {
  return authenticated ? null : { to: '/sign-in', search: { redirect: href } };
}

/** Sign-in and onboarding routes: an authenticated user goes home. */
export function guestOnly(authenticated: boolean): GuardResult {
  return authenticated ? home() : null;
}

/**
 * Onboarding routes that continue a flow cannot be opened cold (a bookmark, a
 * reload): without a previous route the user starts at country-of-residence.
 * The bank-ID provider returns to /registration with a `nets-callback` query, which is let in.
 */
export function requirePreviousRoute(previousPath: string | null, netsCallback = false): GuardResult {
  return previousPath !== null || netsCallback ? null : countryOfResidence();
}

export const stepPath = (step: OnboardingStep): StepPath => `/${step}`;

/**
 * The step a screen's path belongs to: its own name, or address-search for
 * /address (the address form the search fills in or the customer types into).
 */
export function stepOfPath(pathname: string): OnboardingStep | null {
  if (pathname === '/address') return 'address-search';
  return ONBOARDING_STEPS.find((step) => stepPath(step) === pathname) ?? null;
}

/** Where a signed-in customer lands: their onboarding step, or home once onboarded. */
export const landingPath = (redirectToFull: OnboardingStep | null): StepPath | '/home' =>
  redirectToFull === null ? HOME_PATH : stepPath(redirectToFull);

/**
 * Signed-in pages are for customers who have finished onboarding: one who
 * has not (`redirect_to_full` names the first unanswered step) goes there.
 */
export function requireOnboarded(redirectToFull: OnboardingStep | null): GuardResult {
  return redirectToFull === null ? null : { to: stepPath(redirectToFull) };
}

/**
 * An onboarding step's screen: a fully registered customer goes home; one
 * opening a step after the first unanswered one goes to that one. Earlier
 * steps stay open, so Back can change an answer.
 */
export function onboardingStepAccess(redirectToFull: OnboardingStep | null, step: OnboardingStep | null): GuardResult {
  if (redirectToFull === null) return home();
  if (step === null || ONBOARDING_STEPS.indexOf(step) > ONBOARDING_STEPS.indexOf(redirectToFull))
    return { to: stepPath(redirectToFull) };
  return null;
}

/** /area-not-available follows /country-of-residence, or the "can't find my country" link. */
export function areaNotAvailableAccess(previousPath: string | null, cantFindCountry: boolean): GuardResult {
  return previousPath === '/country-of-residence' || cantFindCountry ? null : countryOfResidence();
}

/** Agent sign-up needs the agent code in the `params` query. */
export function requireAgentCode(agentCode: string | undefined): GuardResult {
  return agentCode ? null : signIn();
}

export interface CardEnrollmentQuery {
  status?: string | undefined;
  provider?: string | undefined;
  routeName?: string | undefined;
}

/** The card-enrollment callback needs status, provider and routeName in its query. */
export function requireCardEnrollmentQuery(query: CardEnrollmentQuery): GuardResult {
  return query.status && query.provider && query.routeName ? null : signIn();
}

/** /verification is for visitors who have chosen their country of residence. */
export function verificationAccess(authenticated: boolean, residenceCountry: string | null): GuardResult {
  if (authenticated) return home();
  return residenceCountry ? null : countryOfResidence();
}

/** The root path opens the app: home when signed in, sign-in otherwise. */
export function entryRedirect(authenticated: boolean): GuardRedirect {
  return authenticated ? home() : signIn();
}

/**
 * Where to go once signed in: the `redirect` the sign-in page was given when
 * it is a path inside this app, else home. Anything else (another origin, a
 * protocol-relative URL, the sign-in page itself) is ignored.
 */
export function postSignInHref(redirect: string | undefined): string {
  if (!redirect?.startsWith('/') || /^\/[/\\]/.test(redirect)) return HOME_PATH;
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(redirect, base);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== base || url.pathname === '/sign-in') return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
