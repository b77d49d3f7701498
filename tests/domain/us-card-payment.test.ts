import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingAddressMatches, postcodeRule, ssnLast4Rule, zipRule } from '../../src/domain/us-card-payment.ts';

const HOME = { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' };
const BILLING = { street: '1500 Marilla Street', city: 'Dallas', state: 'TX', zip: '75201' };

describe("a card's billing address against the registered home address", () => {
  it('matches whatever the letter case and spacing of street and city, and a ZIP+4 on either side', () => {
    expect(billingAddressMatches(HOME, BILLING, true)).toBe(true);
    expect(
      billingAddressMatches(
        HOME,
        {
          street: ' 1500 marilla  STREET ',
          city: 'DAL LAS',
          state: 'TX',
          zip: '75201-0042',
        },
        true,
      ),
    ).toBe(true);
    expect(billingAddressMatches({ ...HOME, postcode: '75201-1234' }, BILLING, true)).toBe(true);
  });

  it('refuses another street, city, state or 5-digit ZIP, and a home without a US ZIP or no home at all', () => {
    for (const other of [
      { street: '1500 Marilla Avenue' },
      { city: 'Houston' },
      { state: 'tx' },
      { state: 'OK' },
      { zip: '75210' },
    ]) {
      expect(billingAddressMatches(HOME, { ...BILLING, ...other }, true), JSON.stringify(other)).toBe(false);
    }
    expect(billingAddressMatches({ ...HOME, postcode: 'M3 1AZ' }, BILLING, true)).toBe(false);
    expect(billingAddressMatches({ ...HOME, province: null }, BILLING, true)).toBe(false);
    expect(billingAddressMatches(null, BILLING, true)).toBe(false);
  });

  it('never matches when the 5-digit ZIPs differ, whatever the rest', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{5}$/), (a, b) => {
        fc.pre(a !== b);
        return !billingAddressMatches({ ...HOME, postcode: a }, { ...BILLING, zip: b }, true);
      }),
    );
  });
});

describe("a card's billing address from elsewhere against the registered home address", () => {
  const LEEDS = { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY', province: null };
  it('matches street, city and postcode whatever their letter case and spacing, with no state', () => {
    expect(billingAddressMatches(LEEDS, { street: '12 station road', city: 'LEEDS', zip: 'ls14dy' }, false)).toBe(true);
  });
  it('refuses another street, city or postcode', () => {
    const billing = { street: '12 Station Road', city: 'Leeds', zip: 'LS1 4DY' };
    for (const other of [{ street: '14 Station Road' }, { city: 'York' }, { zip: 'LS1 4DZ' }]) {
      expect(billingAddressMatches(LEEDS, { ...billing, ...other }, false), JSON.stringify(other)).toBe(false);
    }
    expect(billingAddressMatches(null, billing, false)).toBe(false);
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

describe('the rule of a postcode', () => {
  it('takes any country’s postcode as typed, and refuses what cannot be one', () => {
    expect(['LS1 4DY', '111 21', '75201-1234', 'M5V 3L9', 'D02 X285'].map(postcodeRule)).toEqual(Array(5).fill(true));
    for (const bad of ['', ' LS1', 'LS1 4DY 12345', '75201;', '<b>']) expect(postcodeRule(bad)).not.toBe(true);
  });
});
