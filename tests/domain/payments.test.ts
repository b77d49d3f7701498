import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrand, isCardExpired, isCardNumber, isDeclineCode, isPaymentCode } from '../../src/domain/payments.ts';

describe('card numbers', () => {
  it.each([
    '4242424242424242',
    '4242 4242 4242 4242',
    '5555-5555-5555-4444',
    '378282246310005',
    '4000000000003220',
    '6011111111111117',
  ])('accepts %s', (number) => {
    expect(isCardNumber(number)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '4242424242424241'],
    ['too few digits', '42424242424'],
    ['too many digits', '42424242424242424242'],
    ['a letter', '424242424242424a'],
    ['nothing', ''],
  ])('refuses %s', (_, number) => {
    expect(isCardNumber(number)).toBe(false);
  });

  it('accepts exactly one check digit for any 11 to 18 leading digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,18}$/), (body) => {
        const valid = '0123456789'.split('').filter((d) => isCardNumber(`${body}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000004', 'unknown'],
    ['5610591081018250', 'unknown'],
    ['341111111111111', 'amex'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'unknown'],
  ])('knows %s as %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('card expiry', () => {
  const now = new Date('2026-03-31T23:59:59Z');
  it('keeps a card good through the last day of its month', () => {
    expect(isCardExpired(3, 2026, now)).toBe(false);
    expect(isCardExpired(3, 2026, new Date('2026-04-01T00:00:00Z'))).toBe(true);
  });
  it('is expired for an earlier month or year and good for a later one', () => {
    expect(isCardExpired(2, 2026, now)).toBe(true);
    expect(isCardExpired(12, 2025, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
  });
});

describe('payment codes', () => {
  it('tells codes from other text and declines from approval', () => {
    expect(isPaymentCode('insufficient_funds')).toBe(true);
    expect(isPaymentCode('incorrect_account_id')).toBe(true);
    expect(isPaymentCode('unauthorized')).toBe(true);
    expect(isPaymentCode('declined')).toBe(false);
    expect(isDeclineCode('card_has_expired')).toBe(true);
    expect(isDeclineCode('approved')).toBe(false);
  });
});
