import { randomBytes } from 'node:crypto';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { PayByBankLinkRequest, PaymentResult, PayRequest } from '../../../domain/contract/transfers.ts';
import { ACCEPTED_CARD_BRANDS } from '../../../domain/payments.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentAttemptStatus, PaymentRow, PaymentsTable, TransferRow } from '../../db/tables/transfers.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { bankLinkOutcome } from '../../providers/bank-link/bank-link-outcome.ts';
import {
  authorizationColumns,
  type CardAuthorization,
  type CardDetails,
} from '../../providers/card-gateway/card-gateway.ts';
import { loadLiveQuote } from '../quotes/quote-service.ts';
import { ownSavedCard } from '../wallets/saved-cards.ts';
import { BANK_LINK_RETURN_PATH } from '../wallets/top-up-service.ts';
import { postBankCreditToWallet } from '../wallets/wallet-postings.ts';
import { enqueuePaymentReconcile, enqueuePaymentVoid } from './payment-jobs.ts';
import { enqueuePayoutSubmission } from './payout-jobs.ts';
import { postFunding } from './transfer-postings.ts';
import { findTransfer, lockTransfer, recordTransition, transferById } from './transfer-records.ts';
import { transferDetails } from './transfer-view.ts';
import { checkUsCardPayment, recordSsnConfirmation, type UsCardPayment } from './us-card-payment.ts';

/**
 * Card and bank-link payment of a transfer. Each attempt is a `payments` row;
 * at most one is open (PROCESSING while we ask the gateway or the bank-link
 * provider, WAITING during 3-D Secure or at the bank picker) per transfer, so
 * it can never be charged twice. An approved
 * attempt funds the transfer in one database transaction: AWAITING → PENDING,
 * its history row, the ledger postings and the payout partner's outbox event.
 * Every attempt that reaches the gateway has a `payment.reconcile` event
 * queued with it, so one left open by a crash is settled by the server.
 */

type Trx = Transaction<Database>;

/** Attempts that hold the transfer's one payment slot. */
export const OPEN_ATTEMPTS: readonly PaymentAttemptStatus[] = ['PROCESSING', 'WAITING'];

/** The client route a 3-D Secure challenge returns to; the gateway adds status, provider and payment_id. */
const RETURN_PATH = '/checkout-card-enrollment/return';
const PAY_ROUTE_NAME = 'send-money-pay';

const NOT_AWAITING = 'This transfer is not waiting for payment';
const IN_PROGRESS =
  'A card payment for this transfer is already in progress. Finish its card check (3-D Secure) or wait for its result.';

export function cardReturnUrl(transRef: string): string {
  return `${RETURN_PATH}?${new URLSearchParams({ routeName: PAY_ROUTE_NAME, transactionReference: transRef })}`;
}

/** Where the bank picker returns to; the provider adds payment_id. */
function bankLinkReturnUrl(transRef: string): string {
  return `${BANK_LINK_RETURN_PATH}?${new URLSearchParams({ routeName: PAY_ROUTE_NAME, transactionReference: transRef })}`;
}

function newPaymentId(): string {
  return `pmt_${randomBytes(16).toString('base64url')}`;
}

function attemptByKey(db: Db, transferId: string, key: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function attemptById(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

function latestAttempt(db: Db, transferId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function openAttempt(db: Db | Trx, transferId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('status', 'in', OPEN_ATTEMPTS)
    .executeTakeFirst();
}

/** Fund the locked AWAITING transfer: the one place a transfer becomes PENDING by card or bank link. */
async function approveTransfer(trx: Trx, deps: AppDeps, transfer: TransferRow, attempt: PaymentRow): Promise<void> {
  const now = deps.clock.now();
  const bankLink = attempt.method === 'bank_link';
  const funded = await recordTransition(trx, deps.clock, transfer, 'payment_approved', {
    funded_at: now,
    payment_type: bankLink ? 'trustly' : 'card',
  });
  await postFunding(trx, funded, now, bankLink ? 'bank_link' : 'card');
  await enqueuePayoutSubmission(trx, deps, funded.id);
}

/**
 * Money a bank link settled for a transfer no longer awaiting payment (it
 * expired while the customer was at their bank) cannot be taken back like a
 * card charge: it is ours, so it goes to the customer's wallet.
 */
async function creditUnbookable(trx: Trx, deps: AppDeps, attempt: PaymentRow, transfer: TransferRow): Promise<void> {
  await postBankCreditToWallet(trx, {
    id: attempt.id,
    customerId: transfer.customer_id,
    amount: attempt.amount,
    currency: attempt.currency,
    at: deps.clock.now(),
  });
  deps.logger.warn(
    { paymentId: attempt.id },
    'bank link settled for a transfer not awaiting payment; credited the wallet',
  );
}

/**
 * Record what the gateway said about an open attempt, and fund the transfer
 * when it approved. Under the transfer's row lock, so concurrent pollers of
 * one payment fund it once; an attempt already settled is left as it is. An
 * approval for a transfer no longer awaiting payment (it expired while the
 * bank answered) is never booked: the attempt is VOIDED and the outbox
 * releases the charge at the gateway.
 */
async function recordOutcome(
  deps: AppDeps,
  attempt: PaymentRow,
  columns: Updateable<PaymentsTable> & { status: PaymentAttemptStatus },
): Promise<PaymentRow> {
  return deps.db.transaction().execute(async (trx) => {
    const transfer = await lockTransfer(trx, attempt.transfer_id);
    const unbookable = columns.status === 'APPROVED' && transfer.status !== 'AWAITING';
    const updated = await trx
      .updateTable('payments')
      .set({ ...columns, status: unbookable ? 'VOIDED' : columns.status })
      .where('id', '=', attempt.id)
      .where('status', 'in', OPEN_ATTEMPTS)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return trx.selectFrom('payments').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
    if (updated.status === 'APPROVED') await approveTransfer(trx, deps, transfer, updated);
    if (unbookable && updated.method === 'bank_link') await creditUnbookable(trx, deps, updated, transfer);
    if (unbookable && updated.method === 'card') {
      await enqueuePaymentVoid(trx, deps, updated.id);
      deps.logger.warn({ paymentId: updated.id }, 'card payment approved for a transfer not awaiting payment; voiding');
    }
    return updated;
  });
}

function applyAuthorization(deps: AppDeps, attempt: PaymentRow, authorization: CardAuthorization): Promise<PaymentRow> {
  return recordOutcome(deps, attempt, {
    status: authorization.status,
    ...authorizationColumns(authorization, deps.clock.now()),
  });
}

/** A bank-link attempt: initiated at the provider under its own key, then asked about until it ends. */
async function settleBankLinkAttempt(deps: AppDeps, transfer: TransferRow, attempt: PaymentRow): Promise<PaymentRow> {
  const bankLink = deps.providers.bankLink;
  if (attempt.status === 'PROCESSING') {
    const payment = await bankLink.initiate({
      amount: attempt.amount,
      currency: attempt.currency,
      reference: transfer.trans_ref,
      idempotencyKey: `payment:${attempt.id}`,
      returnUrl: bankLinkReturnUrl(transfer.trans_ref),
    });
    return recordOutcome(deps, attempt, {
      status: 'WAITING',
      bank_payment_id: payment.paymentId,
      challenge_url: payment.redirectUrl,
      updated_at: deps.clock.now(),
    });
  }
  if (attempt.status === 'WAITING' && attempt.bank_payment_id !== null) {
    const outcome = bankLinkOutcome(await bankLink.status(attempt.bank_payment_id));
    if (outcome.status !== 'WAITING') {
      return recordOutcome(deps, attempt, { ...outcome, challenge_url: null, updated_at: deps.clock.now() });
    }
  }
  return attempt;
}

/**
 * Bring an open attempt up to date with the gateway: a PROCESSING one is
 * (re)authorized under its own key, which the gateway answers idempotently;
 * a WAITING one is looked up. Settled attempts come back unchanged.
 */
export async function settleAttempt(deps: AppDeps, transfer: TransferRow, attempt: PaymentRow): Promise<PaymentRow> {
  if (attempt.method === 'bank_link') return settleBankLinkAttempt(deps, transfer, attempt);
  const gateway = deps.providers.cardGateway;
  if (attempt.status === 'PROCESSING' && attempt.card_token !== null) {
    const authorization = await gateway.authorize({
      token: attempt.card_token,
      amount: attempt.amount,
      currency: attempt.currency,
      reference: transfer.trans_ref,
      idempotencyKey: `payment:${attempt.id}`,
      returnUrl: cardReturnUrl(transfer.trans_ref),
      ...(attempt.billing_address ? { billingAddress: attempt.billing_address } : {}),
    });
    return applyAuthorization(deps, attempt, authorization);
  }
  if (attempt.status === 'WAITING' && attempt.gateway_payment_id !== null) {
    const payment = await gateway.getPayment(attempt.gateway_payment_id);
    if (!payment) throw new Error(`the card gateway does not know payment ${attempt.gateway_payment_id}`);
    if (payment.status !== 'WAITING') return applyAuthorization(deps, attempt, payment);
  }
  return attempt;
}

type NewAttempt = Pick<
  Insertable<PaymentsTable>,
  'card_token' | 'status' | 'code' | 'card_brand' | 'card_last4' | 'method' | 'billing_address'
>;

/** A card attempt; a card we do not accept is recorded already declined, and never reaches the gateway. */
function cardAttempt(cardToken: string, refusedCard: CardDetails | undefined, us: UsCardPayment): NewAttempt {
  return {
    card_token: cardToken,
    status: refusedCard ? 'DECLINED' : 'PROCESSING',
    code: refusedCard ? 'we_do_not_accept_this_card_type' : null,
    card_brand: refusedCard?.brand ?? null,
    card_last4: refusedCard?.last4 ?? null,
    billing_address: us.billingAddress ? JSON.stringify(us.billingAddress) : null,
  };
}

const BANK_LINK_ATTEMPT: NewAttempt = {
  card_token: null,
  status: 'PROCESSING',
  code: null,
  card_brand: null,
  card_last4: null,
  method: 'bank_link',
};

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
  values: NewAttempt,
  ssnConfirmed = false,
): Promise<PaymentRow | undefined> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const locked = await lockTransfer(trx, transfer.id);
      if (locked.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
      const attempt = await trx
        .insertInto('payments')
        .values({
          id: newPaymentId(),
          transfer_id: transfer.id,
          idempotency_key: idempotency.key,
          request_hash: idempotency.requestHash,
          gateway_payment_id: null,
          challenge_url: null,
          bank_payment_id: null,
          ...values,
          amount: transfer.total,
          currency: transfer.source_currency,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['transfer_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (attempt?.status === 'PROCESSING') await enqueuePaymentReconcile(trx, deps, attempt.id);
      if (attempt && ssnConfirmed) await recordSsnConfirmation(trx, transfer.customer_id, now);
      return attempt;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('InvalidTransition', IN_PROGRESS);
    throw error;
  }
}

async function resultOf(deps: AppDeps, attempt: PaymentRow): Promise<PaymentResult> {
  const transfer = await transferById(deps.db, attempt.transfer_id);
  if (!transfer) throw new Error(`payment ${attempt.id} has no transfer`);
  const details = await transferDetails(deps, transfer);
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

/** Awaiting payment at a live quote, with no other attempt open (one left open is asked about first). */
async function assertPayable(deps: AppDeps, customerId: string, transfer: TransferRow): Promise<void> {
  if (transfer.status !== 'AWAITING') throw new ApiError('InvalidTransition', NOT_AWAITING);
  await loadLiveQuote(deps, customerId, transfer.quote_id, deps.clock.now());
  const open = await openAttempt(deps.db, transfer.id);
  if (open && OPEN_ATTEMPTS.includes((await settleAttempt(deps, transfer, open)).status)) {
    throw new ApiError('InvalidTransition', IN_PROGRESS);
  }
}

/**
 * POST /remit/transaction/pay. Refuses what a card payment from the United
 * States lacks (`checkUsCardPayment`: the billing address, the SSN digits),
 * then a transfer not AWAITING (409), an expired quote (422 QuoteExpired), a
 * card issued in another country than the sender's (422
 * IssuerCardCountryNotEqualBeneficiaryCountry, before any attempt) and a
 * second attempt while one is open (409); a card's refusal by its bank is a
 * DECLINED result, not an error.
 */
export async function payTransfer(
  deps: AppDeps,
  customerId: string,
  request: PayRequest,
  idempotency: Idempotency,
): Promise<PaymentResult> {
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  const { row } = await oncePerKey(
    idempotency,
    () => attemptByKey(deps.db, transfer.id, idempotency.key),
    async () => {
      const us = await checkUsCardPayment(deps, customerId, transfer, request);
      await assertPayable(deps, customerId, transfer);
      const cardToken = request.saved_card_id
        ? (await ownSavedCard(deps.db, customerId, request.saved_card_id, 'saved_card_id')).gateway_token
        : request.card_token;
      if (cardToken === undefined) throw new Error('the contract lets no payment through without a card');
      const token = await deps.providers.cardGateway.describeToken(cardToken);
      const refusedCard = token && !ACCEPTED_CARD_BRANDS.includes(token.card.brand) ? token.card : undefined;
      if (token && !refusedCard && token.card.country !== transfer.send_country) {
        throw new ApiError(
          'IssuerCardCountryNotEqualBeneficiaryCountry',
          `This card was issued in ${token.card.country}; pay with a card issued in ${transfer.send_country}, where you send from`,
          'card_token',
        );
      }
      return startAttempt(deps, transfer, idempotency, cardAttempt(cardToken, refusedCard, us), us.ssnConfirmed);
    },
  );
  return resultOf(deps, await settleAttempt(deps, transfer, row));
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
  const transfer = await findTransfer(deps.db, customerId, request.trans_ref);
  const { row } = await oncePerKey(
    idempotency,
    () => attemptByKey(deps.db, transfer.id, idempotency.key),
    async () => {
      await assertPayable(deps, customerId, transfer);
      return startAttempt(deps, transfer, idempotency, BANK_LINK_ATTEMPT);
    },
  );
  return resultOf(deps, await settleAttempt(deps, transfer, row));
}

/**
 * The customer's card payment the gateway knows as `gatewayPaymentId` (a card
 * check's return names it), asked of the gateway while it is open; undefined
 * when no transfer of theirs was paid with it.
 */
export async function cardPaymentStatus(
  deps: AppDeps,
  customerId: string,
  gatewayPaymentId: string,
): Promise<PaymentResult | undefined> {
  const attempt = await deps.db
    .selectFrom('payments')
    .innerJoin('transfers', 'transfers.id', 'payments.transfer_id')
    .selectAll('payments')
    .where('payments.gateway_payment_id', '=', gatewayPaymentId)
    .where('transfers.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!attempt) return undefined;
  const transfer = await transferById(deps.db, attempt.transfer_id);
  if (!transfer) throw new Error(`payment ${attempt.id} has no transfer`);
  return resultOf(deps, await settleAttempt(deps, transfer, attempt));
}

/** GET /remit/transaction/payment-status: the latest attempt, asked of the gateway while it is open. */
export async function paymentStatus(deps: AppDeps, customerId: string, transRef: string): Promise<PaymentResult> {
  const transfer = await findTransfer(deps.db, customerId, transRef);
  const attempt = await latestAttempt(deps.db, transfer.id);
  if (!attempt) throw notFound('Payment');
  return resultOf(deps, await settleAttempt(deps, transfer, attempt));
}
