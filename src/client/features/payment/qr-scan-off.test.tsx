import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deploymentWith } from '../../testing/fake-api.ts';
import { openPayStep } from '../../testing/pay-step.ts';
import { REF, unpaidTransfer } from '../../testing/transfer.ts';

describe('a deployment with QR_SCAN=false', () => {
  it('shows a euro bank transfer by its account and reference only, with no QR code to scan', async () => {
    const instructions = {
      account_name: 'Sarraf Client Money',
      bank_name: 'Sandbox Bank Europe',
      account: [{ field: 'iban' as const, value: 'DE89 3704 0044 0532 0130 00' }],
      amount: '152.30',
      currency: 'EUR',
      reference: REF,
    };
    await openPayStep(
      unpaidTransfer({ payment_type: 'bank', bank_transfer: instructions }),
      null,
      deploymentWith({ qr_scan: false }),
    );
    const section = await screen.findByRole('region', { name: 'Pay by bank transfer' });
    expect(within(section).getByText(REF)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: "Pay with your banking app's QR scanner" })).toBeNull();
  });
});
