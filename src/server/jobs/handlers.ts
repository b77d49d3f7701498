import { PUSH_SEND, sendPush } from '../modules/notifications/push-sending.ts';
import {
  recordTransferStatusNotification,
  TRANSFER_STATUS_NOTIFICATION,
} from '../modules/notifications/transfer-status-notification.ts';
import { PAYMENT_LATE_SETTLEMENT, PAYMENT_RECONCILE, PAYMENT_VOID } from '../modules/transfers/payment-jobs.ts';
import {
  checkLatePaymentSettlement,
  reconcilePayment,
  voidPayment,
} from '../modules/transfers/payment-reconciliation.ts';
import { checkPayout, PAYOUT_CHECK, PAYOUT_SUBMIT, submitPayout } from '../modules/transfers/payout-jobs.ts';
import { expireTransfer, TRANSFER_EXPIRE } from '../modules/transfers/transfer-expiry.ts';
import { PAYMENT_REFUND, refundCardPayment } from '../modules/transfers/transfer-refunds.ts';
import { DOCUMENT_ORPHAN_SWEEP, runOrphanDocumentSweep } from '../modules/verification/document-orphans.ts';
import { checkRateAlerts, RATE_ALERT_CHECK } from '../modules/wallets/rate-alert-check.ts';
import { CARD_FORGET, TOP_UP_LATE_SETTLEMENT, TOP_UP_RECONCILE, TOP_UP_VOID } from '../modules/wallets/top-up-jobs.ts';
import {
  checkLateBankSettlement,
  forgetCard,
  reconcileTopUp,
  voidTopUp,
} from '../modules/wallets/top-up-reconciliation.ts';
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
    [PAYMENT_RECONCILE]: reconcilePayment,
    [PAYMENT_VOID]: voidPayment,
    [PAYMENT_LATE_SETTLEMENT]: checkLatePaymentSettlement,
    [PAYMENT_REFUND]: refundCardPayment,
    [TRANSFER_STATUS_NOTIFICATION]: recordTransferStatusNotification,
    [PUSH_SEND]: sendPush,
    [LEDGER_RECONCILE]: runLedgerReconciliation,
    [TOP_UP_RECONCILE]: reconcileTopUp,
    [TOP_UP_VOID]: voidTopUp,
    [TOP_UP_LATE_SETTLEMENT]: checkLateBankSettlement,
    [CARD_FORGET]: forgetCard,
    [RATE_ALERT_CHECK]: checkRateAlerts,
    [DOCUMENT_ORPHAN_SWEEP]: runOrphanDocumentSweep,
  };
}
