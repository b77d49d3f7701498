import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  bankIdRule,
  birthDateBounds,
  birthDateRule,
  type CalendarDate,
  compareDates,
  EMAIL_MESSAGE,
  emailKey,
  emailRule,
  formatIsoDate,
  isAdult,
  isEmail,
  notEmailRule,
  otpCodeRule,
  PASSWORD_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  parseDayMonthYear,
  parseIsoDate,
  passwordRule,
  UNDER_AGE_MESSAGE,
} from '../../src/domain/rules.ts';
import { calendarDates } from '../support/calendar-dates.ts';

const calendarDate = calendarDates(1900, 2200);
const dmy = (d: CalendarDate) => formatIsoDate(d).split('-').reverse().join('/');

describe('e-mail rule', () => {
  it('accepts every address of the dot-atom form', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        fc.pre(email.length <= 254 && !/@\[|"/.test(email));
        expect(isEmail(email)).toBe(true);
      }),
    );
  });

  it.each([
    ['plain', 'amina@example.com'],
    ['plus tag and subdomain', 'amina.yusuf+remit@mail.example.co.uk'],
    ['punycode top-level domain', 'a@example.xn--p1ai'],
  ])('accepts %s', (_, email) => {
    expect(emailRule(email)).toBe(true);
  });

  it.each([
    ['no @', 'amina.example.com'],
    ['no domain dot', 'amina@example'],
    ['two @', 'a@b@example.com'],
    ['space', 'ami na@example.com'],
    ['leading dot', '.amina@example.com'],
    ['double dot', 'ami..na@example.com'],
    ['domain label starting with a hyphen', 'amina@-example.com'],
    ['numeric top-level domain', 'amina@example.123'],
    ['local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['over 254 characters', `a@${'b'.repeat(250)}.com`],
  ])('refuses %s', (_, email) => {
    expect(emailRule(email)).toBe(EMAIL_MESSAGE);
  });

  it('asks for an empty address', () => {
    expect(emailRule('')).toBe('The email field is required');
  });

  it('keys an address by its trimmed lower case', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(emailKey(`  ${email.toUpperCase()} `)).toBe(email.toLowerCase());
      }),
    );
  });

  it('not_email refuses an @', () => {
    expect(notEmailRule('amina_12')).toBe(true);
    expect(notEmailRule('amina@x')).not.toBe(true);
  });
});

describe('password rule', () => {
  const letter = fc.constantFrom(...'abcXYZåöÄ');
  const digit = fc.constantFrom(...'0123456789');
  const any = fc.string({ unit: 'grapheme-ascii', maxLength: 30 });

  it('accepts any password of 6+ characters with a letter and a number', () => {
    fc.assert(
      fc.property(letter, digit, any, any, (l, d, a, b) => {
        const password = `${a}${l}${b}${d}`.padEnd(6, 'x');
        expect(passwordRule(password)).toBe(true);
      }),
    );
  });

  it('refuses a password without a number, without a letter, or under 6 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ!-_ '), minLength: 1, maxLength: 40 }), (noDigit) => {
        expect(passwordRule(noDigit)).toBe(PASSWORD_MESSAGE);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789!-_ '), minLength: 1, maxLength: 40 }),
        (noLetter) => {
          expect(passwordRule(noLetter)).toBe(PASSWORD_MESSAGE);
        },
      ),
    );
    expect(passwordRule('ab12c')).toBe(PASSWORD_MESSAGE);
    expect(passwordRule('ab12cd')).toBe(true);
  });

  it('counts characters, not UTF-16 units, and caps the length at 128', () => {
    expect(passwordRule('😀😀😀a1')).toBe(PASSWORD_MESSAGE);
    expect(passwordRule('😀😀😀😀a1')).toBe(true);
    expect(passwordRule(`a1${'x'.repeat(126)}`)).toBe(true);
    expect(passwordRule(`a1${'x'.repeat(127)}`)).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });
});

describe('codes', () => {
  it('takes exactly six digits as a one-time code', () => {
    expect(otpCodeRule('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 12345', '']) expect(otpCodeRule(bad)).not.toBe(true);
  });

  it('takes 10 to 12 digits as a bank-ID number', () => {
    expect(bankIdRule('1990010112')).toBe(true);
    expect(bankIdRule('199001011234')).toBe(true);
    expect(bankIdRule('199001011')).not.toBe(true);
    expect(bankIdRule('1990010112345')).not.toBe(true);
    expect(bankIdRule('19900101-1234')).toBe('The field may only contain digits');
  });
});

describe('dates and age', () => {
  it('reads DD/MM/YYYY and YYYY-MM-DD back to the same day', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        expect(parseIsoDate(formatIsoDate(date))).toEqual(date);
        expect(parseDayMonthYear(dmy(date))).toEqual(date);
      }),
    );
  });

  it('refuses days that do not exist', () => {
    expect(parseDayMonthYear('29/02/2023')).toBeUndefined();
    expect(parseDayMonthYear('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDayMonthYear('29/02/1900')).toBeUndefined();
    expect(parseDayMonthYear('29/02/2000')).toBeDefined();
    expect(parseIsoDate('2024-04-31')).toBeUndefined();
    expect(parseIsoDate('2024-13-01')).toBeUndefined();
    expect(parseDayMonthYear('1/2/2000')).toBeUndefined();
  });

  it('turns 18 on the 18th birthday, not the day before', () => {
    fc.assert(
      fc.property(calendarDate, (birth) => {
        fc.pre(!(birth.month === 2 && birth.day === 29));
        const birthday18 = { ...birth, year: birth.year + 18 };
        expect(isAdult(birth, birthday18)).toBe(true);
        const dayBefore = birthDateBounds(birthday18).max;
        expect(isAdult(birth, dayBefore)).toBe(false);
      }),
    );
  });

  it('ages someone born on 29 February on 1 March in a common year', () => {
    const leapling = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leapling, { year: 2022, month: 3, day: 1 })).toBe(18);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(20);
  });

  it('never makes age go down as time goes on', () => {
    fc.assert(
      fc.property(calendarDate, calendarDate, calendarDate, (birth, a, b) => {
        const [early, late] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
        expect(ageOn(birth, early)).toBeLessThanOrEqual(ageOn(birth, late));
      }),
    );
  });

  it('bounds a birth date between 100 years back and yesterday', () => {
    expect(birthDateBounds({ year: 2026, month: 3, day: 1 })).toEqual({
      min: { year: 1926, month: 3, day: 1 },
      max: { year: 2026, month: 2, day: 28 },
    });
    expect(birthDateBounds({ year: 2026, month: 1, day: 1 }).max).toEqual({ year: 2025, month: 12, day: 31 });
    expect(birthDateBounds({ year: 2028, month: 2, day: 29 }).min).toEqual({ year: 1928, month: 2, day: 29 });
    expect(birthDateBounds({ year: 2029, month: 2, day: 28 }).min).toEqual({ year: 1929, month: 2, day: 28 });
  });

  it('checks a typed birth date: format, range, then age', () => {
    const today = { year: 2026, month: 1, day: 15 };
    expect(birthDateRule('15/01/2008', today)).toBe(true);
    expect(birthDateRule('16/01/2008', today)).toBe(UNDER_AGE_MESSAGE);
    expect(birthDateRule('2008-01-15', today)).toBe('The date must be in the format DD/MM/YYYY');
    expect(birthDateRule('14/01/1926', today)).toBe('The date must be between 15/01/1926 and 14/01/2026');
    expect(birthDateRule('15/01/2026', today)).toBe('The date must be between 15/01/1926 and 14/01/2026');
  });
});
