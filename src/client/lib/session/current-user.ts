import { atom } from 'jotai';
import type { VerificationStatus } from '../../../domain/verification.ts';

/** Who is signed in, as the account menus show it. Filled once the user data has loaded. */
export interface CurrentUser {
  name: string;
  /** the e-mail address, or for a customer who registered by phone the masked mobile number */
  contact: string;
  verificationStatus: VerificationStatus;
}

export const currentUserAtom = atom<CurrentUser | null>(null);
