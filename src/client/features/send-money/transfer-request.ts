import type { CreateTransferRequest } from '../../../domain/contract/transfers.ts';
import type { SendMoneyDraft } from './send-money-draft.ts';

/** What one create-transfer request is: the same quote, recipient and purpose are the same transfer. */
export function requestFingerprint(request: CreateTransferRequest): string {
  return JSON.stringify([request.quote_id, request.beneficiary_id, request.purpose_of_transaction]);
}

/**
 * The draft ready to create `request`: the Idempotency-Key it already holds
 * for this very request (a retry, after a lost answer or a reload), or a new
 * one for a request it has not sent before.
 */
export function withTransferKey(
  draft: SendMoneyDraft,
  request: CreateTransferRequest,
  newKey: () => string,
): SendMoneyDraft {
  const fingerprint = requestFingerprint(request);
  if (draft.transfer?.request === fingerprint) return draft;
  return { ...draft, transfer: { request: fingerprint, idempotencyKey: newKey() } };
}
