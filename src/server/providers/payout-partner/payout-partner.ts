import type { PayoutType } from '../../../domain/payout-types.ts';
import type { ProviderCall } from '../provider-call.ts';

/** What we ask a payout partner to deliver: exactly the receive amount, to one recipient. */
export interface PayoutOrder {
  /** our transfer reference; submitting the same reference again is the same order */
  reference: string;
  /** minor units of `currency`, what the recipient gets */
  amount: bigint;
  currency: string;
  destinationCountry: string;
  payoutType: PayoutType;
  recipient: { firstName: string; middleName: string | null; lastName: string };
  /** the recipient's payout details (mobile number, account, collection point …) as saved */
  payoutDetails: Readonly<Record<string, string>>;
}

/** SENT: the partner has the order; PAID: the recipient has the money; REJECTED: it will never be paid. */
export type PayoutStatus = 'SENT' | 'PAID' | 'REJECTED';

/** The payout partner seam (DESIGN §4). The sandbox adapter is one implementation. */
export interface PayoutPartner {
  /**
   * Hand an order to the partner. Idempotent on `order.reference` (one order
   * per transfer) and on the call's key (a repeated call is the first one).
   */
  submit(order: PayoutOrder, call: ProviderCall): Promise<{ partnerReference: string }>;
  /** Where an order stands now. Throws for a reference the partner never gave. */
  status(partnerReference: string): Promise<PayoutStatus>;
}
