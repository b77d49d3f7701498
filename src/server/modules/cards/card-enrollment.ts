import type { CardEnrollment } from '../../../domain/contract/cards.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { cardPaymentStatus } from '../transfers/payment-service.ts';
import { cardTopUp } from '../wallets/top-up-service.ts';

/**
 * SPEC §7 check-card-enrollment: the customer's card payment behind a card
 * check, whichever screen started it — a transfer's payment or a wallet
 * top-up — settled from the gateway while it is open. Another customer's
 * payment id is not found, like an unknown one.
 */
export async function checkCardEnrollment(
  deps: AppDeps,
  session: LiveSession,
  gatewayPaymentId: string,
): Promise<CardEnrollment> {
  const payment = await cardPaymentStatus(deps, session.customerId, gatewayPaymentId);
  if (payment) return { status: payment.status, route: 'send-money-pay', payment, top_up: null };
  const topUp = await cardTopUp(deps, session, gatewayPaymentId);
  if (topUp) return { status: topUp.status, route: 'wallet-top-up', payment: null, top_up: topUp };
  throw notFound('Card payment');
}
