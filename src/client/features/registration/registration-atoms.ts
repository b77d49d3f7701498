import { atom } from 'jotai';
import type { OAuthLinks } from '../../../domain/contract/oauth.ts';
import type { ContactMethod } from '../../lib/forms/contact-field.tsx';
import { holdOAuthToken } from '../../lib/oauth/oauth-access.ts';

/**
 * A registration waiting for the code sent to its e-mail address or mobile
 * number. Held in memory only: the registration token is a short-lived
 * bearer (1 hour) that no storage should outlive the tab's page with.
 */
export interface PendingRegistration {
  registrationToken: string;
  /** where the code went */
  method: ContactMethod;
  /** the e-mail address or mobile number, as the customer typed it */
  destination: string;
  /** the chosen country's OAuth-style API base, where the code is checked */
  oauthUrl: string;
  /** the chosen country's main API base: the session's once the code is right */
  middlewareUrl: string;
  /** when a new code may be asked for (ms since the epoch) */
  resendAvailableAt: number;
  /** what the last answer links to: the code check, and a new code while one may be sent */
  links: OAuthLinks;
}

export const pendingRegistrationAtom = atom<PendingRegistration | null>(null);

// a registration token the OAuth-style API denies is forgotten (SPEC §8): the code screen then starts again
holdOAuthToken((store) => store.set(pendingRegistrationAtom, null));

/** What the registration form held, so going back from the code screen keeps it (never the password). */
export interface RegistrationDraft {
  method: ContactMethod;
  email: string;
  mobile: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export const EMPTY_DRAFT: RegistrationDraft = {
  method: 'email',
  email: '',
  mobile: '',
  acceptTerms: false,
  acceptPrivacy: false,
};

export const registrationDraftAtom = atom<RegistrationDraft>(EMPTY_DRAFT);
