import type { PayoutType } from '../../../domain/payout-types.ts';
import type { EventReason, PartnerStatus } from '../../../domain/transfers.ts';
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

/**
 * A report of the partner on an order: SENT (it has the order), PAID (the
 * recipient has the money), REJECTED (it will never be paid, with a reason),
 * CANCELLED (we recalled it). `id` is the partner's id of the report: the
 * same report delivered again carries the same id.
 */
export interface PayoutReport {
  id: string;
  status: PartnerStatus;
  reason: EventReason | null;
}

/** A way of paying out the partner may be asked about: a destination, its currency, the payout type and its form. */
export interface PayoutRoute {
  destinationCountry: string;
  destinationCurrency: string;
  payoutType: PayoutType;
  /** the names of the fields the route's recipient form saves (`iban`, `account_number`, `mobile`, …) */
  detailFields: readonly string[];
}

/** The payout partner seam (DESIGN §4). The sandbox adapter is one implementation. */
export interface PayoutPartner {
  /**
   * Whether the partner can pay out this route at all: a route it cannot
   * deliver is not offered to customers (no corridor, no recipient form), so
   * nothing is paid for that could not be paid out.
   */
  delivers(route: PayoutRoute): boolean;
  /**
   * Hand an order to the partner. Idempotent on `order.reference` (one order
   * per transfer) and on the call's key (a repeated call is the first one).
   */
  submit(order: PayoutOrder, call: ProviderCall): Promise<{ partnerReference: string }>;
  /** Where an order stands now, as its latest report. Throws for a reference the partner never gave. */
  status(partnerReference: string): Promise<PayoutReport>;
  /**
   * Recall an order not yet paid out: `cancelled` (also for one already
   * recalled), or `too_late` once the recipient has the money or it was rejected.
   */
  cancel(partnerReference: string): Promise<'cancelled' | 'too_late'>;
  /** Correct the recipient's payout details of an order not yet paid out; false once it is too late. */
  amend(partnerReference: string, payoutDetails: Readonly<Record<string, string>>): Promise<boolean>;
}
