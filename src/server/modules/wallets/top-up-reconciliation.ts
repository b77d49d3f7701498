import { assert, object, string } from 'superstruct';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';
import { enqueueLateSettlementCheck, enqueueTopUpReconcile } from './top-up-jobs.ts';
import {
  abandonTopUp,
  creditLateBankSettlement,
  mayStillSettle,
  OPEN_TOP_UPS,
  settleTopUp,
  topUpById,
} from './top-up-service.ts';

const TopUpPayload = object({ top_up_id: string() });

/**
 * `top-up.reconcile`: bring an open top-up up to date with the gateway; one
 * still open past its deadline is abandoned (never credited, its payment
 * voided), otherwise checked again later. A settled top-up is left alone.
 */
export const reconcileTopUp: OutboxHandler = async (payload, { deps, eventId }) => {
  assert(payload, TopUpPayload);
  const topUp = await topUpById(deps.db, payload.top_up_id);
  if (!topUp || !OPEN_TOP_UPS.includes(topUp.status)) return;
  const settled = await settleTopUp(deps, topUp);
  if (!OPEN_TOP_UPS.includes(settled.status)) return;
  if (!(await abandonTopUp(deps, settled))) await enqueueTopUpReconcile(deps.db, deps, settled.id, eventId);
};

/**
 * `top-up.late-settlement`: credit an abandoned bank-link top-up whose payment
 * has settled since (once, however often this runs); while the bank still
 * has it pending, and it may still settle, ask again later. A payment the
 * bank ended otherwise, or one past its time, is left abandoned.
 */
export const checkLateBankSettlement: OutboxHandler = async (payload, { deps, eventId }) => {
  assert(payload, TopUpPayload);
  const topUp = await topUpById(deps.db, payload.top_up_id);
  if (!topUp) return;
  const status = await creditLateBankSettlement(deps, topUp);
  if (status === 'WAITING' && mayStillSettle(topUp, deps.clock.now())) {
    await enqueueLateSettlementCheck(deps.db, deps, topUp.id, eventId);
  }
};

/** `top-up.void`: release the gateway payment of an abandoned top-up; never one that was credited. */
export const voidTopUp: OutboxHandler = async (payload, { deps }) => {
  assert(payload, TopUpPayload);
  const topUp = await topUpById(deps.db, payload.top_up_id);
  if (!topUp?.gateway_payment_id) return;
  if (topUp.status !== 'ABANDONED') {
    deps.logger.error({ topUpId: topUp.id, status: topUp.status }, 'refusing to void a top-up that was not abandoned');
    return;
  }
  await deps.providers.cardGateway.void(topUp.gateway_payment_id);
};

const ForgetPayload = object({ gateway_token: string() });

/** `card.forget`: the gateway forgets a deleted card's token (harmless to repeat). */
export const forgetCard: OutboxHandler = async (payload, { deps }) => {
  assert(payload, ForgetPayload);
  await deps.providers.cardGateway.forgetCard(payload.gateway_token);
};
