import { atom } from 'jotai';
import type { Address } from '../../../domain/contract/address.ts';

/** The address picked on /address-search, for /address to show filled in; null: the customer types it. */
export const pickedAddressAtom = atom<Address | null>(null);
