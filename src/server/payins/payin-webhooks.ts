import type { PayinRow } from '../db/tables/payins.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppDeps } from '../http/app-env.ts';
import { authorizationColumns, type CardAuthorization } from '../providers/card-gateway/card-gateway.ts';
import { challengeResultUrl } from '../providers/card-gateway/return-url.ts';
import { recordPayinOutcome, settlePayin } from './payin-lifecycle.ts';
import type { PayinPurpose, PayinPurposes } from './payin-purposes.ts';

/**
 * A signed webhook of the card gateway: every payment it names is brought up
 * to date through the pay-in lifecycle at once, as the reconciler would a
 * poll later, so a charge whose customer closed the tab is booked within a
 * second. A notification is acted on, then recorded by its id: one seen
 * before is skipped, and one acted on twice (a crash between the two) changes
 * nothing twice, because the lifecycle records an answer only for a pay-in
 * still open. A notification out of order (a decline after an approval)
 * finds the pay-in settled and changes nothing. One for a payment we do not
 * know is recorded and logged, without anything that names a person. A
 * change to a decided payment (a refund, a capture) moves no pay-in: it is
 * recorded, and logged as an error when it failed, for an operator to act.
 */
export async function receivePaymentWebhook(
  deps: AppDeps,
  purposes: PayinPurposes,
  body: string,
  signature: string | undefined,
): Promise<{ received: number }> {
  const gateway = deps.providers.cardGateway;
  const notifications = gateway.readNotifications(body, signature, deps.clock.now());
  if (!notifications) throw new ApiError('Unauthorized', 'The notification signature does not hold');
  for (const notification of notifications) {
    const seen = await deps.db
      .selectFrom('payin_notifications')
      .select('id')
      .where('provider', '=', gateway.name)
      .where('id', '=', notification.id)
      .executeTakeFirst();
    if (seen) continue;
    const payin = await payinByGatewayPayment(deps, notification.paymentId);
    if (!payin) {
      // the same provider's webhook names its bank-link payments too (Adyen): the bank link's own webhook takes them
      if (!(await isBankLinkPayment(deps, notification.paymentId))) {
        deps.logger.warn({ notificationId: notification.id }, 'payment notification for a payment we do not know');
      }
    } else if (notification.modification) {
      const { event, success } = notification.modification;
      const log = { payinId: payin.id, notificationId: notification.id, event, success };
      if (success) deps.logger.info(log, 'card gateway reports a change to a payment');
      else deps.logger.error(log, 'card gateway reports a change to a payment that failed');
    } else if (notification.authorization && notification.authorization.status !== 'WAITING') {
      await recordDecision(deps, purposes[payin.purpose], payin, notification.authorization);
    } else {
      await settlePayin(deps, purposes[payin.purpose], payin);
    }
    await deps.db
      .insertInto('payin_notifications')
      .values({
        provider: gateway.name,
        id: notification.id,
        gateway_payment_id: notification.paymentId,
        payin_id: payin?.id ?? null,
        received_at: deps.clock.now(),
      })
      .onConflict((oc) => oc.columns(['provider', 'id']).doNothing())
      .execute();
  }
  return { received: notifications.length };
}

async function isBankLinkPayment(deps: AppDeps, paymentId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('payins')
    .select('id')
    .where('bank_payment_id', '=', paymentId)
    .executeTakeFirst();
  return row !== undefined;
}

function payinByGatewayPayment(deps: AppDeps, gatewayPaymentId: string) {
  return deps.db.selectFrom('payins').selectAll().where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
}

function recordDecision(deps: AppDeps, purpose: PayinPurpose, payin: PayinRow, authorization: CardAuthorization) {
  return recordPayinOutcome(deps, purpose, payin, {
    status: authorization.status,
    ...authorizationColumns(authorization, deps.clock.now()),
  });
}

/**
 * The browser came back from the gateway's 3-D Secure redirect to our server
 * (Adyen): the gateway's decision is recorded through the lifecycle at once,
 * and the path to send the browser on to is answered. The pay-in is found by
 * the gateway's payment id, never by anything in the query alone.
 */
export async function receiveRedirectReturn(
  deps: AppDeps,
  purposes: PayinPurposes,
  query: Record<string, string>,
): Promise<string> {
  const gateway = deps.providers.cardGateway;
  const finished = await gateway.finishRedirect?.(query);
  if (!finished) throw new ApiError('ValidationFailed', 'This is not a return from the card gateway');
  const { authorization, returnPath } = finished;
  const payin = await payinByGatewayPayment(deps, authorization.paymentId);
  if (payin && authorization.status !== 'WAITING') {
    await recordDecision(deps, purposes[payin.purpose], payin, authorization);
  }
  return challengeResultUrl(returnPath, authorization, gateway.name);
}

/** Bring the pay-in the bank-link provider knows as `paymentId` up to date through the lifecycle, if there is one. */
async function settleBankLinkPayment(deps: AppDeps, purposes: PayinPurposes, paymentId: string): Promise<void> {
  const payin = await deps.db
    .selectFrom('payins')
    .selectAll()
    .where('bank_payment_id', '=', paymentId)
    .executeTakeFirst();
  if (payin) await settlePayin(deps, purposes[payin.purpose], payin);
}

/**
 * A signed webhook of the bank-link provider (Adyen): the provider records
 * what it says, and each of its payments that is a pay-in is brought up to
 * date at once, so a bank payment whose customer closed the tab is booked
 * within a second. A repeat finds the pay-in settled and changes nothing.
 */
export async function receiveBankLinkWebhook(deps: AppDeps, purposes: PayinPurposes, body: string): Promise<void> {
  const paymentIds = await deps.providers.bankLink.receiveWebhook?.(body);
  if (!paymentIds) throw new ApiError('Unauthorized', 'The notification signature does not hold');
  for (const paymentId of paymentIds) await settleBankLinkPayment(deps, purposes, paymentId);
}

/**
 * The browser came back from the bank through our server (Adyen): the
 * provider records its answer, the pay-in is brought up to date, and the
 * app's return path (with `payment_id`) is answered. The pay-in is found by
 * the provider's payment id, never by anything in the query alone.
 */
export async function receiveBankLinkReturn(
  deps: AppDeps,
  purposes: PayinPurposes,
  query: Record<string, string>,
): Promise<string> {
  const finished = await deps.providers.bankLink.finishReturn?.(query);
  if (!finished) throw new ApiError('ValidationFailed', 'This is not a return from the bank-link provider');
  await settleBankLinkPayment(deps, purposes, finished.paymentId);
  return finished.returnPath;
}
