/**
 * The delivery promise: a quote promises the money is with the recipient at
 * the latest its corridor's delivery hours (per payout type) after payment.
 * A transfer keeps those hours when it is created; a payout after the
 * promised time gives the customer the transfer's fee back, to their wallet.
 */

const HOUR_MS = 3_600_000;

/** When the money is promised to be with the recipient: `hours` after the payment was approved. */
export function promisedBy(fundedAt: Date, hours: number): Date {
  return new Date(fundedAt.getTime() + hours * HOUR_MS);
}

/** Whether a transfer paid at `fundedAt` and paid out at `paidAt` broke its promise (on the minute promised is in time). */
export function brokePromise(fundedAt: Date, paidAt: Date, hours: number): boolean {
  return paidAt.getTime() > promisedBy(fundedAt, hours).getTime();
}
