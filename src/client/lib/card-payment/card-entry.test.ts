import { describe, expect, it } from 'vitest';
import { checkCard, formatCardNumber, formatExpiry } from './card-entry.ts';

const NOW = new Date('2026-11-22T09:00:00Z');
const VALID = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('card entry', () => {
  it('groups the number as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42ab42')).toBe('4242 4242');
  });

  it('adds the expiry slash as the month is typed and removes it with the month digit', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(formatExpiry('1230', '')).toBe('12/30');
  });

  it('accepts a Visa or Mastercard with a valid check digit and a future expiry', () => {
    expect(checkCard(VALID, NOW)).toEqual({
      ok: true,
      card: { name: 'Ada Lovelace', number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(checkCard({ ...VALID, number: '5555 5555 5555 4444', expiry: '11/26' }, NOW).ok).toBe(true);
  });

  it('refuses other card types, bad numbers, passed expiries and short codes before anything is sent', () => {
    expect(checkCard({ ...VALID, number: '3782 822463 10005', cvc: '1234' }, NOW)).toEqual({
      ok: false,
      problems: { number: 'brand_not_accepted' },
    });
    expect(checkCard({ ...VALID, number: '4242 4242 4242 4241' }, NOW)).toMatchObject({
      problems: { number: 'number_invalid' },
    });
    expect(checkCard({ ...VALID, expiry: '10/26' }, NOW)).toMatchObject({ problems: { expiry: 'expired' } });
    expect(checkCard({ ...VALID, expiry: '13/30' }, NOW)).toMatchObject({ problems: { expiry: 'expiry_invalid' } });
    expect(checkCard({ name: ' ', number: '', expiry: '', cvc: '12' }, NOW)).toEqual({
      ok: false,
      problems: { name: 'name_required', number: 'number_required', expiry: 'expiry_invalid', cvc: 'cvc_invalid' },
    });
  });
});
