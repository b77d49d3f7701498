import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankTransferInstructions } from '../../src/domain/contract/transfers.ts';
import { sepaTransferQrText } from '../../src/domain/sepa-qr.ts';

const EURO: BankTransferInstructions = {
  account_name: 'Sarraf Client Money',
  bank_name: 'Sandbox Bank Europe',
  account: [
    { field: 'iban', value: 'DE89 3704 0044 0532 0130 00' },
    { field: 'bic', value: 'COBADEFFXXX' },
  ],
  amount: '152.30',
  currency: 'EUR',
  reference: 'SR7K2M9QXA',
};

describe('the SEPA credit transfer QR text (EPC069-12, version 002)', () => {
  it('holds the payee, the compact IBAN, the amount and the reference, line by line', () => {
    expect(sepaTransferQrText(EURO)?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Sarraf Client Money',
      'DE89370400440532013000',
      'EUR152.30',
      '',
      '',
      'SR7K2M9QXA',
    ]);
  });

  it('is for euro payments to a valid IBAN only', () => {
    expect(sepaTransferQrText({ ...EURO, currency: 'SEK' })).toBeNull();
    expect(sepaTransferQrText({ ...EURO, account: [{ field: 'sort_code', value: '04-00-75' }] })).toBeNull();
    const badCheckDigits = [{ field: 'iban' as const, value: 'DE88 3704 0044 0532 0130 00' }];
    expect(sepaTransferQrText({ ...EURO, account: badCheckDigits })).toBeNull();
    expect(
      sepaTransferQrText({ ...EURO, account: [{ field: 'iban', value: EURO.account[0]?.value ?? '' }] }),
    ).toContain('\nSCT\n\nSarraf');
  });

  it('keeps to the limits: EUR 0.01 to 999,999,999.99, a name of 70 and a reference of 140 characters', () => {
    expect(sepaTransferQrText({ ...EURO, amount: '0.00' })).toBeNull();
    expect(sepaTransferQrText({ ...EURO, amount: '0.01' })).toContain('\nEUR0.01\n');
    expect(sepaTransferQrText({ ...EURO, amount: '999999999.99' })).not.toBeNull();
    expect(sepaTransferQrText({ ...EURO, amount: '1000000000.00' })).toBeNull();
    expect(sepaTransferQrText({ ...EURO, account_name: 'x'.repeat(71) })).toBeNull();
    expect(sepaTransferQrText({ ...EURO, reference: 'x'.repeat(141) })).toBeNull();
  });

  it('always states the amount asked for, to the cent, within the 331 bytes the standard allows', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 99_999_999_999n }), (cents) => {
        const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const text = sepaTransferQrText({ ...EURO, amount }) ?? '';
        const stated = text.split('\n')[7] ?? '';
        expect(stated).toBe(`EUR${amount}`);
        expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(331);
      }),
    );
  });
});
