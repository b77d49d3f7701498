import { atom } from 'jotai';
import { pattern, string } from 'superstruct';
import { persistedStringAtom } from '../persisted-atom.ts';

/**
 * The country of residence chosen on /country-of-residence (ISO 3166-1 alpha-2).
 * Kept for the tab's life so /verification still knows it after a reload.
 */
export const residenceCountryAtom = persistedStringAtom(
  'residence-country',
  pattern(string(), /^[A-Z]{2}$/),
  null,
  () => sessionStorage,
);

/** Set when the user presses "I can't find my country": /area-not-available may then open directly. */
export const cantFindCountryAtom = atom(false);

/** The code of the agent whose sign-up link (/sign-up?params=) started this registration; null without one. */
export const signUpAgentAtom = atom<string | null>(null);
