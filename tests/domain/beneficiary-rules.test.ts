import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beneficiaryMessage } from '../../src/domain/beneficiary-messages.ts';
import {
  checkBeneficiary,
  genericNumberRule,
  genericStringRule,
  ibanRule,
  ifscRule,
  letterOrDigitRule,
  letterRule,
  nameRule,
  phoneRule,
  validateBeneficiary,
  walletNumberRule,
} from '../../src/domain/beneficiary-rules.ts';
import {
  type BeneficiaryField,
  type BeneficiaryFieldType,
  type BeneficiarySchema,
  FIELD_TYPE_FORMATS,
} from '../../src/domain/beneficiary-schema.ts';
import { IBAN_LENGTHS, ibanCheckDigits, isValidIban } from '../../src/domain/iban.ts';
import { PURPOSES_OF_TRANSACTION } from '../../src/domain/purposes.ts';
import type { CalendarDate } from '../../src/domain/rules.ts';

const TODAY: CalendarDate = { year: 2026, month: 3, day: 15 };

function f(name: string, type: BeneficiaryFieldType, extra: Partial<BeneficiaryField> = {}): BeneficiaryField {
  return {
    name,
    type,
    label_key: `beneficiary.field.${name}`,
    required: true,
    constraints: { min_length: 1, max_length: 256, format: FIELD_TYPE_FORMATS[type] },
    ...extra,
  };
}

function schema(
  country: string,
  fields: BeneficiaryField[],
  prefixes: Record<string, string[]> = {},
): BeneficiarySchema {
  return {
    destination_country: country,
    payout_type: 'mobile',
    destination_currency: 'USD',
    fields,
    constraints: { review_required: false, provider_number_prefixes: prefixes },
  };
}

const SOMALI_WALLET = schema(
  'SO',
  [
    f('first_name', 'first_name'),
    f('middle_name', 'middle_name', { required: false }),
    f('last_name', 'last_name'),
    f('mobile_network_code', 'mobile_network_code', { data_source: 'mobile-networks' }),
    f('mobile_wallet_number', 'mobile_wallet_number', { depends_on: 'mobile_network_code' }),
    f('purpose_of_transaction', 'purpose_of_transaction', { options: [...PURPOSES_OF_TRANSACTION] }),
  ],
  { EDH: ['+25262', '+25265', '+25266'] },
);

const walletValues = (overrides: Record<string, string> = {}) => ({
  first_name: 'Hodan',
  last_name: 'Warsame',
  mobile_network_code: 'EDH',
  mobile_wallet_number: '0621234567',
  purpose_of_transaction: 'family_support',
  ...overrides,
});

const NETWORKS = { 'mobile-networks': ['HRM', 'EDH', 'GLS'] };

// --- generators -----------------------------------------------------------

/** One letter of any script, astral planes included. */
const letter = fc
  .integer({ min: 0x41, max: 0x2ffff })
  .map((cp) => String.fromCodePoint(cp))
  .filter((ch) => /^\p{L}$/u.test(ch));
const letters = fc.array(letter, { minLength: 1, maxLength: 40 }).map((chars) => chars.join(''));
/** Decimal digits of several scripts: ASCII, Arabic-Indic, Devanagari, fullwidth. */
const digit = fc.constantFrom(...'0123456789٠١٢٣٤٥٦٧٨٩०१२३४५६७८९０１２３'.split(''));
const ibanCountry = fc.constantFrom(...Object.keys(IBAN_LENGTHS));
const alphanumeric = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));

/** A valid IBAN: a random BBAN of the country's length and the check digits that make it verify. */
const validIban = ibanCountry.chain((country) => {
  const bbanLength = (IBAN_LENGTHS[country] ?? 20) - 4;
  return fc
    .array(alphanumeric, { minLength: bbanLength, maxLength: bbanLength })
    .map((chars) => {
      const bban = chars.join('');
      return `${country}${ibanCheckDigits(country, bban)}${bban}`;
    })
    .filter((iban) => /\d/.test(iban.slice(4)));
});

// --- names ----------------------------------------------------------------

describe('names', () => {
  it('accept letters of any script', () => {
    fc.assert(
      fc.property(letters, (name) => {
        expect(nameRule(name)).toBe(true);
      }),
    );
  });

  it('refuse any digit anywhere, of any script', () => {
    fc.assert(
      fc.property(letters, digit, fc.nat(), (name, d, at) => {
        const i = at % (name.length + 1);
        expect(nameRule(`${name.slice(0, i)}${d}${name.slice(i)}`)).toEqual({ message: 'name_characters' });
      }),
    );
  });

  it.each(['Mary-Jane', "O'Brien", '‘Abdi Nur', '`Ali', 'D’Souza', 'Zoë', 'محمد', 'Ñandú', 'प्रिया', '王 小明'])(
    'accepts %s',
    (name) => expect(nameRule(name)).toBe(true),
  );

  it.each(['Anna.', 'J@ne', '---', "' '", 'Ali_Hassan', 'Abdi!'])('refuses %s', (name) =>
    expect(nameRule(name)).toEqual({ message: 'name_characters' }),
  );
});

describe('text rules', () => {
  it('account numbers and codes need a letter or a digit', () => {
    expect(letterOrDigitRule('12-34')).toBe(true);
    expect(letterOrDigitRule('AB/CD')).toBe(true);
    expect(letterOrDigitRule('--/ ')).toEqual({ message: 'letter_or_digit' });
  });

  it('a street needs a letter', () => {
    expect(letterRule('12 Maka Al-Mukarama Road')).toBe(true);
    expect(letterRule('12 34')).toEqual({ message: 'letter' });
  });

  it('a generic string takes letters, digits, spaces, hyphens and quotes', () => {
    expect(genericStringRule("Block 4-B O'Neill")).toBe(true);
    expect(genericStringRule('a;b')).toEqual({ message: 'generic_string' });
  });

  it('a generic number takes digits and spaces only', () => {
    expect(genericNumberRule('12 345')).toBe(true);
    expect(genericNumberRule('12.5')).toEqual({ message: 'generic_number' });
    expect(genericNumberRule('١٢')).toEqual({ message: 'generic_number' });
  });
});

// --- IBAN and IFSC --------------------------------------------------------

describe('IBAN', () => {
  it.each(['GB82WEST12345698765432', 'DE89370400440532013000', 'SO211000001001000100141'])(
    'accepts the registry example %s',
    (iban) => expect(isValidIban(iban)).toBe(true),
  );

  it('accepts every IBAN built with a correct checksum', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(isValidIban(iban)).toBe(true);
      }),
    );
  });

  it('refuses an IBAN with one digit changed', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, delta) => {
        const digits = [...iban].flatMap((ch, i) => (i >= 2 && /\d/.test(ch) ? [i] : []));
        const i = digits[at % digits.length] ?? 2;
        const flipped = `${iban.slice(0, i)}${(Number(iban[i]) + delta) % 10}${iban.slice(i + 1)}`;
        expect(isValidIban(flipped)).toBe(false);
      }),
    );
  });

  it('refuses an IBAN of the wrong length for its country', () => {
    expect(isValidIban('GB82WEST1234569876543')).toBe(false);
  });

  it('must be of the destination country', () => {
    expect(ibanRule('GB82 WEST 1234 5698 7654 32', 'GB')).toBe(true);
    expect(ibanRule('GB82WEST12345698765432', 'SO')).toEqual({ message: 'iban_country', params: { country: 'SO' } });
    expect(ibanRule('GB83WEST12345698765432', 'GB')).toEqual({ message: 'iban_invalid' });
  });
});

describe('IFSC', () => {
  it('is four letters of bank, a zero and six of branch', () => {
    expect(ifscRule('SBIN0001234')).toBe(true);
    expect(ifscRule('HDFC0ABC123')).toBe(true);
    expect(ifscRule('SBIN1001234')).toEqual({ message: 'ifsc_invalid' });
    expect(ifscRule('SBI00012345')).toEqual({ message: 'ifsc_invalid' });
  });
});

// --- phones and wallets ---------------------------------------------------

describe('mobile numbers', () => {
  it('accept a mobile number of the destination country, international or national', () => {
    expect(phoneRule('+254712345678', 'KE')).toBe(true);
    expect(phoneRule('0712 345 678', 'KE')).toBe(true);
    expect(phoneRule('+252 61 234 5678', 'SO')).toBe(true);
  });

  it('refuse a number of another country (mobile_country_code_validation)', () => {
    expect(phoneRule('+447911123456', 'KE')).toEqual({ message: 'phone_country', params: { country: 'KE' } });
    expect(phoneRule('+254712345678', 'SO')).toEqual({ message: 'phone_country', params: { country: 'SO' } });
  });

  it('refuse a landline, a short number and text', () => {
    expect(phoneRule('+254202345678', 'KE')).toEqual({ message: 'phone_invalid' });
    expect(phoneRule('+2547123', 'KE')).toEqual({ message: 'phone_invalid' });
    expect(phoneRule('call me', 'KE')).toEqual({ message: 'phone_invalid' });
  });
});

describe('mobile wallet numbers', () => {
  it('take 10 digits without the country code, or an e-mail address', () => {
    expect(walletNumberRule('0621234567', 'SO')).toBe(true);
    expect(walletNumberRule('hodan@example.com', 'SO')).toBe(true);
    expect(walletNumberRule('062123456', 'SO')).toEqual({ message: 'wallet_number' });
    expect(walletNumberRule('+252621234567', 'SO')).toEqual({ message: 'wallet_number' });
    expect(walletNumberRule('2526212345', 'SO')).toEqual({ message: 'wallet_country_code' });
    expect(walletNumberRule('hodan@', 'SO')).toEqual({ message: 'wallet_number' });
  });

  it('e-Dahab takes only numbers starting +25262, +25265 or +25266', () => {
    const subscriber = fc.integer({ min: 0, max: 9_999_999 }).map((n) => String(n).padStart(7, '0'));
    fc.assert(
      fc.property(fc.constantFrom('62', '65', '66'), subscriber, (prefix, rest) => {
        const number = `0${prefix}${rest}`;
        expect(
          validateBeneficiary(SOMALI_WALLET, walletValues({ mobile_wallet_number: number }), { today: TODAY }),
        ).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('61', '77', '90', '63'), subscriber, (prefix, rest) => {
        const number = `0${prefix}${rest}`;
        expect(
          validateBeneficiary(SOMALI_WALLET, walletValues({ mobile_wallet_number: number }), { today: TODAY }),
        ).toEqual([
          {
            field: 'mobile_wallet_number',
            message: 'provider_prefix',
            params: { prefixes: '+25262, +25265, +25266' },
          },
        ]);
      }),
    );
  });

  it('other networks take any Somali mobile number, and e-Dahab no e-mail address', () => {
    const hormuud = walletValues({ mobile_network_code: 'HRM', mobile_wallet_number: '0611234567' });
    expect(validateBeneficiary(SOMALI_WALLET, hormuud, { today: TODAY, choices: NETWORKS })).toEqual([]);
    const email = walletValues({ mobile_wallet_number: 'hodan@example.com' });
    expect(validateBeneficiary(SOMALI_WALLET, email, { today: TODAY })[0]?.message).toBe('provider_prefix');
  });
});

// --- the whole form -------------------------------------------------------

describe('validateBeneficiary', () => {
  it('passes a complete form and gives its canonical values', () => {
    const checked = checkBeneficiary(
      SOMALI_WALLET,
      walletValues({ first_name: '  Hodan  ', middle_name: '', mobile_wallet_number: '062 123 4567' }),
      { today: TODAY, choices: NETWORKS },
    );
    expect(checked.errors).toEqual([]);
    expect(checked.values).toEqual({
      first_name: 'Hodan',
      last_name: 'Warsame',
      mobile_network_code: 'EDH',
      mobile_wallet_number: '0621234567',
      purpose_of_transaction: 'family_support',
    });
  });

  it('names every failing field once, in display order, after fields the form does not have', () => {
    const errors = validateBeneficiary(
      SOMALI_WALLET,
      { first_name: 'H0dan', mobile_network_code: 'XXX', purpose_of_transaction: 'bribes', nickname: 'H' },
      { today: TODAY, choices: NETWORKS },
    );
    expect(errors).toEqual([
      { field: 'nickname', message: 'not_allowed' },
      { field: 'first_name', message: 'name_characters' },
      { field: 'last_name', message: 'required' },
      { field: 'mobile_network_code', message: 'choice' },
      { field: 'mobile_wallet_number', message: 'required' },
      { field: 'purpose_of_transaction', message: 'choice' },
    ]);
  });

  it('leaves data-source codes unchecked until their list is known', () => {
    const values = walletValues({ mobile_network_code: 'NEW', mobile_wallet_number: '0611234567' });
    expect(validateBeneficiary(SOMALI_WALLET, values, { today: TODAY })).toEqual([]);
    expect(validateBeneficiary(SOMALI_WALLET, values, { today: TODAY, choices: NETWORKS })).toEqual([
      { field: 'mobile_network_code', message: 'choice' },
    ]);
  });

  it('accepts every purpose of transaction of the SPEC list', () => {
    for (const purpose of PURPOSES_OF_TRANSACTION) {
      const values = walletValues({ purpose_of_transaction: purpose });
      expect(validateBeneficiary(SOMALI_WALLET, values, { today: TODAY })).toEqual([]);
    }
  });

  it('bounds text to 256 characters, counted in characters', () => {
    // U+10437 DESERET SMALL LETTER YEE: one character, two UTF-16 code units.
    const yee = '\u{10437}';
    expect(validateBeneficiary(SOMALI_WALLET, walletValues({ last_name: yee.repeat(256) }), { today: TODAY })).toEqual(
      [],
    );
    expect(validateBeneficiary(SOMALI_WALLET, walletValues({ last_name: yee.repeat(257) }), { today: TODAY })).toEqual([
      { field: 'last_name', message: 'too_long', params: { max: 256 } },
    ]);
  });

  it("applies a corridor's pattern after the type's rule", () => {
    const bank = schema('KE', [
      f('account_number', 'account_number', {
        constraints: { min_length: 1, max_length: 16, pattern: '^[0-9]{6,16}$', format: 'text' },
      }),
    ]);
    expect(validateBeneficiary(bank, { account_number: '0123456789' }, { today: TODAY })).toEqual([]);
    expect(validateBeneficiary(bank, { account_number: '12AB34' }, { today: TODAY })).toEqual([
      { field: 'account_number', message: 'format_invalid' },
    ]);
    expect(validateBeneficiary(bank, { account_number: '12345678901234567' }, { today: TODAY })).toEqual([
      { field: 'account_number', message: 'too_long', params: { max: 16 } },
    ]);
  });

  it('checks that an IFSC belongs to the chosen bank', () => {
    const india = schema('IN', [
      f('bank_code', 'bank_code', { data_source: 'banks' }),
      f('ifsc', 'ifsc', { depends_on: 'bank_code' }),
    ]);
    expect(validateBeneficiary(india, { bank_code: 'SBIN', ifsc: 'sbin0001234' }, { today: TODAY })).toEqual([]);
    expect(validateBeneficiary(india, { bank_code: 'HDFC', ifsc: 'SBIN0001234' }, { today: TODAY })).toEqual([
      { field: 'ifsc', message: 'ifsc_bank' },
    ]);
  });

  it('judges document expiry and birthdays against today', () => {
    const identity = schema('KE', [f('document_expiry_date', 'document_expiry_date'), f('birthday', 'birthday')]);
    const check = (expiry: string, birthday: string) =>
      validateBeneficiary(identity, { document_expiry_date: expiry, birthday }, { today: TODAY });
    expect(check('2026-03-15', '1990-02-28')).toEqual([]);
    expect(check('2026-03-14', '2026-03-14')).toEqual([{ field: 'document_expiry_date', message: 'date_expired' }]);
    expect(check('15/03/2027', '2026-03-15')).toEqual([
      { field: 'document_expiry_date', message: 'date_format' },
      { field: 'birthday', message: 'birthday_range', params: { min: '1926-03-15', max: '2026-03-14' } },
    ]);
    expect(check('2027-02-29', '1926-03-14')[0]).toEqual({ field: 'document_expiry_date', message: 'date_format' });
  });

  it('normalises phone numbers to E.164 and IBANs to compact upper case', () => {
    const form = schema('SO', [f('mobile', 'international_phone'), f('iban', 'iban')]);
    const checked = checkBeneficiary(
      form,
      { mobile: '061 234 5678', iban: 'so21 1000 0010 0100 0100 141' },
      { today: TODAY },
    );
    expect(checked).toEqual({ values: { mobile: '+252612345678', iban: 'SO211000001001000100141' }, errors: [] });
  });
});

describe('messages', () => {
  it('fill their placeholders, country codes as country names', () => {
    expect(beneficiaryMessage('phone_country', { country: 'KE' })).toBe('Enter a mobile number in Kenya');
    expect(beneficiaryMessage('too_long', { max: 256 })).toBe('Use at most 256 characters');
  });
});
