import { ApiError } from '../http/api-error.ts';
import type { AppDeps } from '../http/app-env.ts';
import { authorizationColumns } from '../providers/card-gateway/card-gateway.ts';
import { recordPayinOutcome, settlePayin } from './payin-lifecycle.ts';
import type { PayinPurposes } from './payin-purposes.ts';

/**
 * A signed webhook of the card gateway: every payment it names is brought up
 * to date through the pay-in lifecycle at once, as the reconciler would a
 * poll later, so a charge whose customer closed the tab is booked within a
 * second. A notification is acted on, then recorded by its id: one seen
 * before is skipped, and one acted on twice (a crash between the two) changes
 * nothing twice, because the lifecycle records an answer only for a pay-in
 * still open. A notification out of order (a decline after an approval)
 * finds the pay-in settled and changes nothing. One for a payment we do not
 * know is recorded and logged, without anything that names a person.
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
    const payin = await deps.db
      .selectFrom('payins')
      .selectAll()
      .where('gateway_payment_id', '=', notification.paymentId)
      .executeTakeFirst();
    if (!payin) {
      deps.logger.warn({ notificationId: notification.id }, 'payment notification for a payment we do not know');
    } else {
      const purpose = purposes[payin.purpose];
      const decided = notification.authorization;
      if (decided && decided.status !== 'WAITING') {
        await recordPayinOutcome(deps, purpose, payin, {
          status: decided.status,
          ...authorizationColumns(decided, deps.clock.now()),
        });
      } else {
        await settlePayin(deps, purpose, payin);
      }
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
