import { fireEvent, screen, within } from '@testing-library/react';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import type { BankTransferInstructions } from '../../../domain/contract/transfers.ts';
import { sepaTransferQrText } from '../../../domain/sepa-qr.ts';
import { openPayStep } from '../../testing/pay-step.ts';
import { REF, unpaidTransfer } from '../../testing/transfer.ts';

const EURO: BankTransferInstructions = {
  account_name: 'Sarraf Client Money',
  bank_name: 'Sandbox Bank Europe',
  account: [
    { field: 'iban', value: 'DE89 3704 0044 0532 0130 00' },
    { field: 'bic', value: 'COBADEFFXXX' },
  ],
  amount: '152.30',
  currency: 'EUR',
  reference: REF,
};

async function openPay(instructions: BankTransferInstructions) {
  await openPayStep(unpaidTransfer({ payment_type: 'bank', bank_transfer: instructions }), null);
}

describe('paying a euro bank transfer by QR code', () => {
  it('opens the payment as a QR code for a banking app, named with the amount and reference it holds', async () => {
    await openPay(EURO);
    fireEvent.click(screen.getByRole('button', { name: "Pay with your banking app's QR scanner" }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan to pay from your banking app' });
    const code = await within(dialog).findByRole('img', {
      name: `QR code of this payment: €152.30 to our account, reference ${REF}`,
    });
    // the code drawn is the encoding of the payment's EPC text: its size, and one square per dark module, in place
    const { data, size } = encode(sepaTransferQrText(EURO) ?? '', { ecc: 'M', border: 4 });
    expect(code.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : [])));
    expect(code.querySelector('path')?.getAttribute('d')).toBe(dark.join(''));
  });

  it('shows a Canadian dollar transfer our account by institution, transit and account number, with no QR code', async () => {
    await openPayStep(
      unpaidTransfer({
        send_country: 'CA',
        source_currency: 'CAD',
        total: '205.98',
        payment_type: 'bank',
        bank_transfer: {
          account_name: 'Sarraf Client Money',
          bank_name: 'Sandbox Bank Canada',
          account: [
            { field: 'institution_number', value: '001' },
            { field: 'transit_number', value: '00011' },
            { field: 'account_number', value: '1234567' },
          ],
          amount: '205.98',
          currency: 'CAD',
          reference: REF,
        },
      }),
      null,
    );
    const section = screen.getByRole('region', { name: 'Pay by bank transfer' });
    const labelled = within(section)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(labelled).toEqual([
      ['Account name', 'Sarraf Client Money'],
      ['Bank', 'Sandbox Bank Canada'],
      ['Institution number', '001'],
      ['Transit number', '00011'],
      ['Account number', '1234567'],
      ['Amount', expect.stringContaining('205.98')],
      ['Payment reference', REF],
    ]);
    expect(within(section).queryByRole('button', { name: "Pay with your banking app's QR scanner" })).toBeNull();
  });

  it('offers no QR code for a currency without a payment QR standard', async () => {
    await openPay({ ...EURO, currency: 'GBP', account: [{ field: 'sort_code', value: '04-00-75' }] });
    expect(screen.queryByRole('button', { name: "Pay with your banking app's QR scanner" })).toBeNull();
  });
});
