import type { Transfer } from '../../domain/contract/transfers.ts';

export const REF = 'SR0000000A';

/** One row of a transfer's history. */
export const event = (
  status: Transfer['status'],
  name: Transfer['events'][number]['event'],
  at: string,
  extra: Partial<Transfer['events'][number]> = {},
): Transfer['events'][number] => ({
  status,
  event: name,
  actor: 'customer',
  reason: null,
  refund_to: null,
  at,
  ...extra,
});

/** A paid US transfer to Kenyan mobile money, as GET /remit/transaction/:trans_ref answers it, with `changes`. */
export function transfer(changes: Partial<Transfer>): Transfer {
  return {
    trans_ref: REF,
    status: 'PENDING',
    status_label: 'processing',
    close_reason: null,
    refund_to: null,
    send_country: 'US',
    destination_country: 'KE',
    source_currency: 'USD',
    dest_currency: 'KES',
    send_amount: '100.00',
    fees: '2.99',
    total: '102.99',
    receive_amount: '12900.00',
    rate: '129',
    trans_type: 'mobile',
    purpose: 'family_support',
    payment_type: 'card',
    beneficiary: { id: 'ben_1', name: 'Amina Otieno' },
    created_at: '2026-11-22T09:00:00Z',
    funded_at: '2026-11-22T09:00:10Z',
    paid_at: null,
    quote_expiration_time: '2026-11-22T09:15:00Z',
    promo_code: null,
    events: [
      event('AWAITING', 'created', '2026-11-22T09:00:00Z'),
      event('PENDING', 'payment_approved', '2026-11-22T09:00:10Z'),
    ],
    paid_with: { brand: 'visa', last4: '4242' },
    cancellable_until: null,
    payout_details_changeable: true,
    payout_label: 'Safaricom M-PESA · •••• 5678',
    payout_details: { mobile: '+254712345678', mobile_network_code: 'MPESA' },
    bank_transfer: null,
    delivery_promise: { hours: 1, promised_by: '2026-11-22T10:00:10Z', fee_refunded_at: null },
    ...changes,
  };
}

/** A transfer waiting on the pay step, its rate good for ten more minutes, with `changes`. */
export function unpaidTransfer(changes: Partial<Transfer> = {}): Transfer {
  return transfer({
    status: 'AWAITING',
    status_label: 'waiting_for_payment',
    funded_at: null,
    paid_with: null,
    payout_details_changeable: false,
    delivery_promise: { hours: 1, promised_by: null, fee_refunded_at: null },
    quote_expiration_time: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...changes,
  });
}
