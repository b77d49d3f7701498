import { assert, object, string } from 'superstruct';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import { bankLinkOutcome } from '../providers/bank-link/bank-link-outcome.ts';
import {
  enqueueLateSettlementCheck,
  enqueuePayinReconcile,
  mayStillSettle,
  PAYIN_LATE_SETTLEMENT,
  PAYIN_RECONCILE,
  PAYIN_VOID,
} from './payin-jobs.ts';
import { settlePayin } from './payin-lifecycle.ts';
import type { PayinPurposes } from './payin-purposes.ts';
import { isOpen, payinById } from './payin-records.ts';

const PayinPayload = object({ payin_id: string() });

/** The outbox handlers of every pay-in, each purpose's told by `purposes`. */
export function payinHandlers(purposes: PayinPurposes): Record<string, OutboxHandler> {
  /**
   * `payin.reconcile`: settle an open pay-in with its provider without the
   * customer. A PROCESSING card one is authorized again under its own key:
   * the gateway answers with the decision it already made, or, if our first
   * call never reached it, decides now. A WAITING one (3-D Secure, the bank)
   * is looked up, and checked again later while its purpose keeps waiting.
   */
  const reconcile: OutboxHandler = async (payload, { deps, eventId }) => {
    assert(payload, PayinPayload);
    const payin = await payinById(deps.db, payload.payin_id);
    if (!payin || !isOpen(payin)) return;
    const purpose = purposes[payin.purpose];
    const settled = await settlePayin(deps, purpose, payin);
    if (isOpen(settled) && (await purpose.keepChecking(deps, settled))) {
      await enqueuePayinReconcile(deps.db, deps, settled.id, eventId);
    }
  };

  /** `payin.void`: release the card charge of a pay-in we gave up (ABANDONED) or could not book (VOIDED); never one that was booked. */
  const release: OutboxHandler = async (payload, { deps }) => {
    assert(payload, PayinPayload);
    const payin = await payinById(deps.db, payload.payin_id);
    if (!payin?.gateway_payment_id) return;
    if (payin.status !== 'VOIDED' && payin.status !== 'ABANDONED') {
      deps.logger.error({ payinId: payin.id, status: payin.status }, 'refusing to void a pay-in still in use');
      return;
    }
    await deps.providers.cardGateway.void(payin.gateway_payment_id, { idempotencyKey: `void:${payin.id}` });
  };

  /**
   * `payin.late-settlement`: an abandoned bank-link pay-in whose payment the
   * bank settles after all: the customer pushed their own money to ours, so
   * it is credited to them (`PayinPurpose.settleLate`), once however often
   * this runs. While the bank still has it pending, and it may still settle,
   * it is asked again later; one the bank ended otherwise is left alone.
   */
  const lateSettlement: OutboxHandler = async (payload, { deps, eventId }) => {
    assert(payload, PayinPayload);
    const payin = await payinById(deps.db, payload.payin_id);
    if (payin?.status !== 'ABANDONED' || payin.bank_payment_id === null) return;
    const outcome = bankLinkOutcome(await deps.providers.bankLink.status(payin.bank_payment_id));
    if (outcome.status === 'APPROVED') return purposes[payin.purpose].settleLate(deps, payin);
    if (outcome.status === 'WAITING' && mayStillSettle(payin, deps.clock.now())) {
      await enqueueLateSettlementCheck(deps.db, deps, payin.id, eventId);
    }
  };

  return { [PAYIN_RECONCILE]: reconcile, [PAYIN_VOID]: release, [PAYIN_LATE_SETTLEMENT]: lateSettlement };
}
