import { type CardEnrollment, cardsApi } from '../../../domain/contract/cards.ts';
import { call } from '../api/client.ts';

/**
 * SPEC §7 check-card-enrollment: where the card payment a card check (3-D
 * Secure) came back from stands, as the transfer's payment or the wallet
 * top-up it is (`kind`). The screen that asked for the check knows which;
 * an answer of the other kind is a broken link, so it throws.
 */
export async function checkCardEnrollment<K extends 'payment' | 'top_up'>(
  paymentId: string,
  kind: K,
  signal: AbortSignal,
): Promise<NonNullable<CardEnrollment[K]>> {
  const enrollment = await call(cardsApi.checkCardEnrollment, { body: { payment_id: paymentId }, signal });
  const found = enrollment[kind];
  if (!found) throw new Error(`card payment ${paymentId} is a ${enrollment.route}, not a ${kind}`);
  return found as NonNullable<CardEnrollment[K]>;
}
