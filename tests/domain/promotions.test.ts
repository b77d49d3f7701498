import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeDiscount, normalizePromoCode, PROMO_CODE } from '../../src/domain/promotions.ts';

describe('feeDiscount', () => {
  const terms = { percentOff: null, amountOff: null, currency: null };

  it('takes a percentage off the fee, truncated', () => {
    expect(feeDiscount({ ...terms, kind: 'percent_fee', percentOff: 50 }, 199n, 'GBP')).toBe(99n);
    expect(feeDiscount({ ...terms, kind: 'percent_fee', percentOff: 100 }, 199n, 'GBP')).toBe(199n);
  });

  it('takes a fixed amount off a fee in its own currency, never more than the fee', () => {
    const five = { ...terms, kind: 'fixed_fee' as const, amountOff: 500n, currency: 'GBP' };
    expect(feeDiscount(five, 299n, 'GBP')).toBe(299n);
    expect(feeDiscount(five, 1200n, 'GBP')).toBe(500n);
    expect(feeDiscount(five, 1200n, 'EUR')).toBe(0n);
  });

  it('takes the whole fee on a first transfer', () => {
    expect(feeDiscount({ ...terms, kind: 'first_transfer_free' }, 450n, 'GBP')).toBe(450n);
  });

  it('never takes more than the fee, nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 9n),
        fc.integer({ min: 1, max: 100 }),
        fc.bigInt(1n, 10n ** 6n),
        (fee, pct, off) => {
          for (const discount of [
            feeDiscount({ ...terms, kind: 'percent_fee', percentOff: pct }, fee, 'GBP'),
            feeDiscount({ ...terms, kind: 'fixed_fee', amountOff: off, currency: 'GBP' }, fee, 'GBP'),
          ]) {
            expect(discount >= 0n && discount <= fee).toBe(true);
          }
        },
      ),
    );
  });
});

describe('promo code input', () => {
  it('forgives case and spaces, and takes only letters and digits', () => {
    expect(normalizePromoCode(' halfFee ')).toBe('HALFFEE');
    expect(PROMO_CODE.test('HALFFEE')).toBe(true);
    expect(PROMO_CODE.test('HALF-FEE')).toBe(false);
  });
});
