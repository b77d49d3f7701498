import type { CardEnrollment } from '../../../domain/contract/cards.ts';
import type { LiveSession } from '../../auth/sessions.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { PayinProvider } from '../../payins/payin-records.ts';
import { providerPaymentStatus } from '../transfers/payment-service.ts';
import { providerTopUp } from '../wallets/top-up-service.ts';

/**
 * SPEC §7 check-card-enrollment (`via` card: the gateway's payment id a card
 * check came back with) and trustly-lookup (`via` bank_link: the bank-link
 * provider's payment id /trustly-callback came back with): the customer's
 * pay-in behind it, whichever screen started it — a transfer's payment or a
 * wallet top-up — settled from the provider while it is open. Another
 * customer's payment id is not found, like an unknown one.
 */
export async function checkProviderPayment(
  deps: AppDeps,
  session: LiveSession,
  via: PayinProvider,
  paymentId: string,
): Promise<CardEnrollment> {
  const payment = await providerPaymentStatus(deps, session.customerId, via, paymentId);
  if (payment) return { status: payment.status, route: 'send-money-pay', payment, top_up: null };
  const topUp = await providerTopUp(deps, session, via, paymentId);
  if (topUp) return { status: topUp.status, route: 'wallet-top-up', payment: null, top_up: topUp };
  throw notFound(via === 'card' ? 'Card payment' : 'Bank payment');
}
