import { atom } from 'jotai';

/** Open while the access-denied modal shows: the OAuth-style API refused a token (SPEC §8: 403 AccessDenied). */
export const oauthAccessDeniedAtom = atom(false);
