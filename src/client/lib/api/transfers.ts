import {
  type CreateTransferRequest,
  PaymentResult,
  type PayRequest,
  Transfer,
  TransferList,
} from '../../../domain/contract/transfers.ts';
import { api } from './client.ts';

const IDEMPOTENCY_KEY = 'Idempotency-Key';

/**
 * POST /remit/transaction/create. `idempotencyKey` is made once per request
 * the customer means: a retry after a lost answer sends the same key and
 * gets the same transfer, never a second one.
 */
export function createTransfer(request: CreateTransferRequest, idempotencyKey: string): Promise<Transfer> {
  return api('/remit/transaction/create', Transfer, {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY]: idempotencyKey },
  });
}

/** POST /remit/transaction/set-payment-type: the customer pays this transfer by card. */
export function chooseCardPayment(transRef: string): Promise<Transfer> {
  return api('/remit/transaction/set-payment-type', Transfer, {
    method: 'POST',
    body: { trans_ref: transRef, payment_type: 'card' },
  });
}

/** POST /remit/transaction/pay with a gateway token; one key per card attempt. */
export function payTransfer(request: PayRequest, idempotencyKey: string): Promise<PaymentResult> {
  return api('/remit/transaction/pay', PaymentResult, {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_KEY]: idempotencyKey },
  });
}

/** GET /remit/transaction/payment-status: the latest card attempt, brought up to date with the gateway. */
export function fetchPaymentStatus(transRef: string, signal?: AbortSignal): Promise<PaymentResult> {
  return api('/remit/transaction/payment-status', PaymentResult, { query: { trans_ref: transRef }, signal });
}

/** GET /remit/transaction/list: the customer's transfers, newest first. */
export function listTransfers(signal?: AbortSignal): Promise<TransferList> {
  return api('/remit/transaction/list', TransferList, { signal });
}

/** GET /remit/transaction/:trans_ref: one transfer with its history. */
export function fetchTransfer(transRef: string, signal?: AbortSignal): Promise<Transfer> {
  return api(`/remit/transaction/${encodeURIComponent(transRef)}`, Transfer, { signal });
}
