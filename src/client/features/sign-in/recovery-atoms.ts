import { atom } from 'jotai';

/** Set when a password was just reset: the sign-in screen says so once. */
export const passwordResetNoticeAtom = atom(false);

/** Where a recovery code went: the account's e-mail, or its mobile number (of `country` when typed without its code). */
export type RecoveryDestination = { email: string } | { mobile: string; country?: string };

/** The destination as the customer typed it, to show and to keep as the password manager's user name. */
export const destinationShown = (destination: RecoveryDestination): string =>
  'email' in destination ? destination.email : destination.mobile;
