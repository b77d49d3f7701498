import { atom } from 'jotai';
import type { VerificationStatus } from '../../../domain/verification.ts';

/** Who is signed in, as the account menus show it. Filled once the user data has loaded. */
export interface CurrentUser {
  name: string;
  /** the e-mail address, or for a customer who registered by phone the masked mobile number */
  contact: string;
  verificationStatus: VerificationStatus;
  /** SPEC §2: the menu offers "Sign in with bank ID" (their country's bank ID signs in; their number is not verified) */
  offersBankIdSignIn: boolean;
  /** SPEC §3 `isRemittanceEnabled`: the profile opens (else the menu says why not) */
  remittanceEnabled: boolean;
}

export const currentUserAtom = atom<CurrentUser | null>(null);
