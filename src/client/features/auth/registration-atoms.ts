import { atom } from 'jotai';

/**
 * A registration waiting for its e-mail code. Held in memory only: the
 * registration token is a short-lived bearer (1 hour) that no storage
 * should outlive the tab's page with.
 */
export interface PendingRegistration {
  registrationToken: string;
  email: string;
  /** the chosen country's OAuth-style API base, where the code is checked */
  oauthUrl: string;
  /** the chosen country's main API base: the session's once the code is right */
  middlewareUrl: string;
  /** when a new code may be asked for (ms since the epoch) */
  resendAvailableAt: number;
}

export const pendingRegistrationAtom = atom<PendingRegistration | null>(null);

/** What the registration form held, so going back from the code screen keeps it (never the password). */
export interface RegistrationDraft {
  email: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export const registrationDraftAtom = atom<RegistrationDraft>({ email: '', acceptTerms: false, acceptPrivacy: false });
