import type { PayByBankLinkRequest, PaymentResult, PayRequest, Transfer } from '../../../domain/contract/transfers.ts';
import type { PayinRow } from '../../db/tables/payins.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { cardPayin } from '../../payins/payin-card.ts';
import { settlePayin } from '../../payins/payin-lifecycle.ts';
import {
  BANK_LINK_START,
  insertPayin,
  isOpen,
  latestTransferPayin,
  type NewPayin,
  openTransferPayin,
  type PayinProvider,
  payinByProviderPayment,
  transferPayinByReference,
} from '../../payins/payin-records.ts';
import { assertBankLinkTakes } from '../../providers/bank-link/bank-link-provider.ts';
import { loadLiveQuote } from '../quotes/quote-service.ts';
import { TRANSFER_PAYIN } from './transfer-payin.ts';
import { findTransfer, lockTransfer, transferById } from './transfer-records.ts';
import { currentTransferDetails, transferDetails } from './transfer-view.ts';
import { checkUsCardPayment, recordSsnConfirmation } from './us-card-payment.ts';

/**
 * Card and bank-link payment of a transfer: a pay-in (src/server/payins/)
 * whose purpose is the transfer (transfer-payin.ts). At most one attempt is
 * open per transfer, so it can never be charged twice.
 */

const NOT_AWAITING = 'This transfer is not waiting for payment';
const IN_PROGRESS =
  'A card payment for this transfer is already in progress. Finish its card check (3-D Secure) or wait for its result.';

type AttemptValues = Pick<
  NewPayin,
  'method' | 'card_token' | 'status' | 'code' | 'card_brand' | 'card_last4' | 'billing_address'
>;

/**
 * Open a new attempt while the transfer, under its lock, still awaits
 * payment. Undefined when the key already has an attempt (a concurrent
 * retry won); 409 when another attempt holds the slot. A US sender's SSN
 * confirmation made with this payment is recorded with its attempt.
 */
async function startAttempt(
  deps: AppDeps,
  transfer: TransferRow,
  idempotency: Idempotency,
  values: AttemptValues,
  ssnConfirmed = false,
): Promise<PayinRow | undefined> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const locked = await lockTransfer(trx, transfer.id);
      if (locked.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
      const attempt = await insertPayin(trx, deps, idempotency, {
        ...values,
        purpose: 'transfer',
        customer_id: transfer.customer_id,
        transfer_id: transfer.id,
        reference: transfer.trans_ref,
        amount: transfer.total,
        currency: transfer.source_currency,
      });
      if (attempt && ssnConfirmed) await recordSsnConfirmation(trx, transfer.customer_id, deps.clock.now());
      return attempt;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('InvalidTransition', IN_PROGRESS);
    throw error;
  }
}

/** What the customer is told of an attempt, with its transfer's details. */
function resultOf(attempt: PayinRow, details: Transfer): PaymentResult {
  switch (attempt.status) {
    case 'APPROVED':
      return { status: 'APPROVED', code: 'approved', challenge_url: null, transfer: details };
    case 'DECLINED':
      return { status: 'DECLINED', code: attempt.code, challenge_url: null, transfer: details };
    case 'ABANDONED':
      return { status: 'DECLINED', code: 'payment_was_not_authorised', challenge_url: null, transfer: details };
    case 'VOIDED':
      return {
        status: 'DECLINED',
        code: 'general_problem_with_payment_try_again',
        challenge_url: null,
        transfer: details,
      };
    default:
      return { status: 'WAITING', code: null, challenge_url: attempt.challenge_url, transfer: details };
  }
}

/**
 * The attempt brought up to date with its provider, and its transfer as it
 * now stands (`transfer`, an earlier copy of the row the attempt pays).
 */
async function settledResult(deps: AppDeps, attempt: PayinRow, transfer: TransferRow): Promise<PaymentResult> {
  const settled = await settlePayin(deps, TRANSFER_PAYIN, attempt);
  return resultOf(settled, await currentTransferDetails(deps, transfer));
}

/** The customer's transfer, and the payment their key already made of it: read together, neither needs the other. */
async function transferAndEarlierPayin(deps: AppDeps, customerId: string, transRef: string, idempotency: Idempotency) {
  const [transfer, earlier] = await Promise.all([
    findTransfer(deps.db, customerId, transRef),
    transferPayinByReference(deps.db, customerId, transRef, idempotency.key),
  ]);
  return { transfer, earlier };
}

/** Awaiting payment at a live quote, with no other attempt open (one left open is asked about first). */
async function assertPayable(deps: AppDeps, customerId: string, transfer: TransferRow): Promise<void> {
  if (transfer.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
  await loadLiveQuote(deps, customerId, transfer.quote_id, deps.clock.now());
  const open = await openTransferPayin(deps.db, transfer.id);
  if (open && isOpen(await settlePayin(deps, TRANSFER_PAYIN, open))) {
    throw new ApiError('InvalidTransition', IN_PROGRESS);
  }
}

/**
 * POST /remit/transaction/pay. Refuses what a card payment from the United
 * States lacks (`checkUsCardPayment`: the billing address, the SSN digits),
 * then a transfer not AWAITING (409), an expired quote (422 QuoteExpired), a
 * card issued in another country than the sender's (422
 * IssuerCardCountryNotEqualSendCountry, before any attempt) and a
 * second attempt while one is open (409); a card's refusal by its bank is a
 * DECLINED result, not an error.
 */
export async function payTransfer(
  deps: AppDeps,
  customerId: string,
  request: PayRequest,
  idempotency: Idempotency,
): Promise<PaymentResult> {
  const { transfer, earlier } = await transferAndEarlierPayin(deps, customerId, request.trans_ref, idempotency);
  const { row } = await oncePerKey(
    idempotency,
    () => transferPayinByReference(deps.db, customerId, request.trans_ref, idempotency.key),
    async () => {
      const us = await checkUsCardPayment(deps, customerId, transfer, request);
      // the attempt open and the card are looked up together; a refusal of the transfer still comes first
      const [payable, chosen] = await Promise.allSettled([
        assertPayable(deps, customerId, transfer),
        cardPayin(deps, customerId, request),
      ]);
      if (payable.status === 'rejected') throw payable.reason;
      if (chosen.status === 'rejected') throw chosen.reason;
      const { values, card } = chosen.value;
      if (card && values.status === 'PROCESSING' && card.country !== transfer.send_country) {
        throw new ApiError(
          'IssuerCardCountryNotEqualSendCountry',
          `This card was issued in ${card.country}; pay with a card issued in ${transfer.send_country}, where you send from`,
          'card_token',
        );
      }
      const billing_address = us.billingAddress ? JSON.stringify(us.billingAddress) : null;
      return startAttempt(deps, transfer, idempotency, { ...values, billing_address }, us.ssnConfirmed);
    },
    { found: earlier },
  );
  return settledResult(deps, row, transfer);
}

/**
 * POST /remit/transaction/pay/bank-link: pay the transfer from the customer's
 * bank through the bank-link provider. Answers WAITING with the bank picker
 * at `challenge_url`; the transfer is funded when the provider says the money
 * settled (payment-status asks it). The same refusals as a card payment.
 */
export async function payByBankLink(
  deps: AppDeps,
  customerId: string,
  request: PayByBankLinkRequest,
  idempotency: Idempotency,
): Promise<PaymentResult> {
  const { transfer, earlier } = await transferAndEarlierPayin(deps, customerId, request.trans_ref, idempotency);
  const { row } = await oncePerKey(
    idempotency,
    () => transferPayinByReference(deps.db, customerId, request.trans_ref, idempotency.key),
    async () => {
      await assertPayable(deps, customerId, transfer);
      assertBankLinkTakes(deps.providers.bankLink, transfer.source_currency);
      return startAttempt(deps, transfer, idempotency, BANK_LINK_START);
    },
    { found: earlier },
  );
  return settledResult(deps, row, transfer);
}

/**
 * The customer's payment the card gateway or the bank-link provider knows as
 * `paymentId` (a card check's or a bank link's return names it), asked of the
 * provider while it is open; undefined when no transfer of theirs was paid with it.
 */
export async function providerPaymentStatus(
  deps: AppDeps,
  customerId: string,
  via: PayinProvider,
  paymentId: string,
): Promise<PaymentResult | undefined> {
  const attempt = await payinByProviderPayment(deps.db, customerId, via, paymentId);
  if (attempt?.purpose !== 'transfer') return undefined;
  const settled = await settlePayin(deps, TRANSFER_PAYIN, attempt);
  const transfer = settled.transfer_id === null ? undefined : await transferById(deps.db, settled.transfer_id);
  if (!transfer) throw new Error(`payment ${settled.id} has no transfer`);
  return resultOf(settled, await transferDetails(deps, transfer));
}

/** GET /remit/transaction/payment-status: the latest attempt, asked of the gateway while it is open. */
export async function paymentStatus(deps: AppDeps, customerId: string, transRef: string): Promise<PaymentResult> {
  const transfer = await findTransfer(deps.db, customerId, transRef);
  const attempt = await latestTransferPayin(deps.db, transfer.id);
  if (!attempt) throw notFound('Payment');
  return settledResult(deps, attempt, transfer);
}
