import { get, keys } from 'idb-keyval';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { setCustomerData } from './customer-data.ts';
import { logout } from './logout.ts';
import { accessTokenAtom } from './session-atoms.ts';

describe("the customer's data in IndexedDB at sign-out", () => {
  it('keeps what was written before the sign-out began, then clears it, and stores nothing that arrives after', async () => {
    const store = createStore();
    store.set(accessTokenAtom, 'tok_0123456789abcdef0123456789abcdef');
    await setCustomerData('conversion-history', { conversions: [] });
    expect(await get('conversion-history')).toEqual({ conversions: [] });

    // a write already on its way when the customer signs out lands before the clear, not after it
    const inFlight = setCustomerData('send-money-draft', { version: 1 });
    const signedOut = logout(store, () => undefined);
    // an answer arriving during and after the sign-out would write the previous customer's data back
    const during = setCustomerData('recipient-form-draft:KE', { name: 'Amina' });
    await Promise.all([inFlight, signedOut, during]);
    await setCustomerData('conversion-history', { conversions: ['late'] });

    expect(await keys()).toEqual([]);
    expect(store.get(accessTokenAtom)).toBeNull();
  });
});
