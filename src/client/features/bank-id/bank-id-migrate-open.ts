import { atom } from 'jotai';

/**
 * The profile menu's "Sign in with bank ID" opens the bank-ID migrate modal,
 * which the signed-in layout holds outside the menu (a modal shown from a
 * popover would close it) and loads only when opened.
 */
export const bankIdMigrateOpenAtom = atom(false);
