import { PUSH_SEND, sendPush } from '../modules/notifications/push-sending.ts';
import {
  recordTransferStatusNotification,
  TRANSFER_STATUS_NOTIFICATION,
} from '../modules/notifications/transfer-status-notification.ts';
import { PAYIN_PURPOSES } from '../modules/payin-purposes.ts';
import { SCHEDULE_REMIND, SCHEDULE_RUN } from '../modules/schedules/schedule-jobs.ts';
import { remindSchedule } from '../modules/schedules/schedule-reminder.ts';
import { runSchedule } from '../modules/schedules/schedule-run.ts';
import { checkPayout, PAYOUT_CHECK, PAYOUT_SUBMIT, submitPayout } from '../modules/transfers/payout-jobs.ts';
import { expireTransfer, TRANSFER_EXPIRE } from '../modules/transfers/transfer-expiry.ts';
import { PAYMENT_REFUND, refundCardPayment } from '../modules/transfers/transfer-refunds.ts';
import { DOCUMENT_ORPHAN_SWEEP, runOrphanDocumentSweep } from '../modules/verification/document-orphans.ts';
import { checkRateAlerts, RATE_ALERT_CHECK } from '../modules/wallets/rate-alert-check.ts';
import { CARD_FORGET, forgetCard } from '../modules/wallets/saved-card-jobs.ts';
import { payinHandlers } from '../payins/payin-reconciliation.ts';
import { LEDGER_FOLD, runLedgerFold } from './ledger-fold.ts';
import { LEDGER_RECONCILE, runLedgerReconciliation } from './ledger-reconciliation.ts';
import { MESSAGE_SEND, sendMessage } from './message-send-handler.ts';
import type { OutboxHandler } from './outbox-worker.ts';

/** Every outbox topic and the handler that carries it out. */
export function outboxHandlers(): Record<string, OutboxHandler> {
  return {
    [MESSAGE_SEND]: sendMessage,
    [PAYOUT_SUBMIT]: submitPayout,
    [PAYOUT_CHECK]: checkPayout,
    [TRANSFER_EXPIRE]: expireTransfer,
    ...payinHandlers(PAYIN_PURPOSES),
    [PAYMENT_REFUND]: refundCardPayment,
    [TRANSFER_STATUS_NOTIFICATION]: recordTransferStatusNotification,
    [PUSH_SEND]: sendPush,
    [LEDGER_RECONCILE]: runLedgerReconciliation,
    [LEDGER_FOLD]: runLedgerFold,
    [CARD_FORGET]: forgetCard,
    [RATE_ALERT_CHECK]: checkRateAlerts,
    [DOCUMENT_ORPHAN_SWEEP]: runOrphanDocumentSweep,
    [SCHEDULE_RUN]: runSchedule,
    [SCHEDULE_REMIND]: remindSchedule,
  };
}
