import { atom } from 'jotai';

/** Set when a password was just reset: the sign-in screen says so once. */
export const passwordResetNoticeAtom = atom(false);
