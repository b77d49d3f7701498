import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingAddressMatches, ssnLast4Rule, zipRule } from '../../src/domain/us-card-payment.ts';

const HOME = { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' };
const BILLING = { street: '1500 Marilla Street', city: 'Dallas', state: 'TX', zip: '75201' };

describe("a card's billing address against the registered home address", () => {
  it('matches whatever the letter case and spacing of street and city, and a ZIP+4 on either side', () => {
    expect(billingAddressMatches(HOME, BILLING)).toBe(true);
    expect(
      billingAddressMatches(HOME, {
        street: ' 1500 marilla  STREET ',
        city: 'DAL LAS',
        state: 'TX',
        zip: '75201-0042',
      }),
    ).toBe(true);
    expect(billingAddressMatches({ ...HOME, postcode: '75201-1234' }, BILLING)).toBe(true);
  });

  it('refuses another street, city, state or 5-digit ZIP, and a home without a US ZIP or no home at all', () => {
    for (const other of [
      { street: '1500 Marilla Avenue' },
      { city: 'Houston' },
      { state: 'tx' },
      { state: 'OK' },
      { zip: '75210' },
    ]) {
      expect(billingAddressMatches(HOME, { ...BILLING, ...other }), JSON.stringify(other)).toBe(false);
    }
    expect(billingAddressMatches({ ...HOME, postcode: 'M3 1AZ' }, BILLING)).toBe(false);
    expect(billingAddressMatches({ ...HOME, province: null }, BILLING)).toBe(false);
    expect(billingAddressMatches(null, BILLING)).toBe(false);
  });

  it('never matches when the 5-digit ZIPs differ, whatever the rest', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}$/), (a, b) => {
        fc.pre(a !== b);
        return !billingAddressMatches({ ...HOME, postcode: a }, { ...BILLING, zip: b });
      }),
    );
  });
});

describe('the rules of a US card payment’s fields', () => {
  it('takes a ZIP of 5 digits or ZIP+4, and exactly 4 SSN digits', () => {
    expect(['75201', '75201-1234'].map(zipRule)).toEqual([true, true]);
    for (const bad of ['7520', '752011', '75201-12', '75201 1234', 'ABCDE']) expect(zipRule(bad)).not.toBe(true);
    expect(ssnLast4Rule('6789')).toBe(true);
    for (const bad of ['678', '67890', '67a9', '']) expect(ssnLast4Rule(bad)).not.toBe(true);
  });
});
