import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrePaymentDisclosureView } from '../../../domain/contract/transfers.ts';
import { CARD_FIELDS_WAIT, openPayStep } from '../../testing/pay-step.ts';
import { unpaidTransfer } from '../../testing/transfer.ts';

const unpaid = unpaidTransfer();

const openPay = (disclosure: PrePaymentDisclosureView) => openPayStep(unpaid, disclosure);

describe('the pre-payment disclosure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an EU/EEA sender the conversion charge over the ECB rate, in percent and in money', async () => {
    await openPay({
      kind: 'eea_conversion_markup',
      markup_percent: '1.2',
      markup_amount: '12.00',
      source_currency: 'SEK',
      reference_rate: '12.45189883',
      reference_date: '2026-11-20',
    });
    expect(
      await screen.findByText(
        'Currency conversion charge: 1.2 % over the European Central Bank rate of 20 November 2026 (SEK 12.00)',
      ),
    ).toBeTruthy();
  });

  it('shows a US sender the amounts, rate, date available and the cancellation right before the card form', async () => {
    await openPay({
      kind: 'us_remittance',
      source_currency: 'USD',
      dest_currency: 'KES',
      send_amount: '100.00',
      fees: '2.99',
      total: '102.99',
      rate: '129',
      receive_amount: '12900.00',
      available_by: new Date(Date.now() + 3_600_000).toISOString(),
      cancellation_seconds: 1800,
    });
    const box = await screen.findByRole('region', { name: 'Before you pay' });
    for (const text of [
      'Transfer amountUS$100.00',
      'Transfer feesUS$2.99',
      'Total you payUS$102.99',
      'Total to recipientKES\u00a012,900.00',
    ]) {
      expect(box.textContent).toContain(text);
    }
    expect(box.textContent).toContain('1 USD = 129 KES');
    expect(box.textContent).toContain('Date available');
    expect(box.textContent).toContain(
      'You can cancel within 30 minutes of paying and get everything back, fee included, unless the recipient has already been paid.',
    );
    expect(await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT)).toBeTruthy();
  });

  it('shows anyone else nothing new', async () => {
    await openPay({ kind: 'none' });
    expect(await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Before you pay' })).toBeNull();
    expect(screen.queryByText(/Currency conversion charge/)).toBeNull();
  });
});
