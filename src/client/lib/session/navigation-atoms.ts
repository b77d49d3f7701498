import { atom } from 'jotai';

/**
 * The path of the last route the router finished resolving. While the next
 * navigation's guards run it is the route the user is coming from: the
 * "previous route" of SPEC §2 "Guards". Null on the first page load.
 */
export const lastResolvedPathAtom = atom<string | null>(null);
