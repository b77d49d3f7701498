import type { Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PayinRow, PayinStatus, PayinsTable } from '../db/tables/payins.ts';
import type { AppDeps } from '../http/app-env.ts';
import { bankLinkOutcome } from '../providers/bank-link/bank-link-outcome.ts';
import { authorizationColumns, type CardAuthorization } from '../providers/card-gateway/card-gateway.ts';
import { enqueueLateSettlementCheck, enqueuePayinVoid } from './payin-jobs.ts';
import type { PayinPurpose } from './payin-purposes.ts';
import { bankLinkReturnUrl, cardReturnUrl, providerKey } from './payin-purposes.ts';
import { OPEN_PAYINS } from './payin-records.ts';

/**
 * The one lifecycle of money paid into Sarraf, by card through the card
 * gateway (with 3-D Secure) or by bank link, whatever it is for:
 *
 *   PROCESSING ─→ WAITING (3-D Secure, the bank) ─→ APPROVED | DECLINED
 *        └──────────────────────────────────────→ APPROVED | DECLINED
 *   PROCESSING | WAITING ─→ ABANDONED (past its deadline: a card's charge voided, a bank payment still watched)
 *   APPROVED for a purpose that can no longer take it ─→ VOIDED (card: released; bank link: kept for the customer)
 *
 * Every answer is recorded in one transaction with what it means for its
 * purpose (the booking `PayinPurpose.lock` answers), under the purpose's lock
 * and only while the pay-in is still in the state it was read in, so
 * concurrent pollers, the reconciler and a late webhook book it once.
 */

type Columns = Updateable<PayinsTable> & { status: PayinStatus };

/**
 * Record what the provider said about a pay-in still in one of `from` (an
 * open one, by default) and book it when approved; an approval its purpose
 * can no longer take is VOIDED instead: a card's charge is released through
 * the outbox, a bank link's money kept for the customer. Answers the row as
 * it now stands.
 */
export function recordPayinOutcome(
  deps: AppDeps,
  purpose: PayinPurpose,
  payin: PayinRow,
  columns: Columns,
  from: readonly PayinStatus[] = OPEN_PAYINS,
): Promise<PayinRow> {
  return deps.db.transaction().execute(async (trx) => {
    const book = await purpose.lock(trx, deps, payin);
    const unbookable = columns.status === 'APPROVED' && !book;
    const updated = await trx
      .updateTable('payins')
      .set({ ...columns, status: unbookable ? 'VOIDED' : columns.status })
      .where('id', '=', payin.id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return trx.selectFrom('payins').selectAll().where('id', '=', payin.id).executeTakeFirstOrThrow();
    if (updated.status === 'APPROVED' && book) await book(updated);
    if (unbookable && updated.method === 'bank_link') await purpose.keepUnbookable(trx, deps, updated);
    if (unbookable && updated.method === 'card') {
      await enqueuePayinVoid(trx, deps, updated.id);
      deps.logger.warn({ payinId: updated.id }, 'card pay-in approved for a purpose no longer waiting; voiding');
    }
    return updated;
  });
}

function applyAuthorization(
  deps: AppDeps,
  purpose: PayinPurpose,
  payin: PayinRow,
  authorization: CardAuthorization,
): Promise<PayinRow> {
  return recordPayinOutcome(deps, purpose, payin, {
    status: authorization.status,
    ...authorizationColumns(authorization, deps.clock.now()),
  });
}

/** A bank-link pay-in: initiated at the provider under its own key, then asked about until it ends. */
async function settleBankLink(deps: AppDeps, purpose: PayinPurpose, payin: PayinRow): Promise<PayinRow> {
  const bankLink = deps.providers.bankLink;
  if (payin.status === 'PROCESSING') {
    const payment = await bankLink.initiate({
      amount: payin.amount,
      currency: payin.currency,
      reference: payin.reference,
      idempotencyKey: providerKey(payin),
      returnUrl: bankLinkReturnUrl(payin),
    });
    return recordPayinOutcome(deps, purpose, payin, {
      status: 'WAITING',
      bank_payment_id: payment.paymentId,
      challenge_url: payment.redirectUrl,
      updated_at: deps.clock.now(),
    });
  }
  if (payin.status === 'WAITING' && payin.bank_payment_id !== null) {
    const outcome = bankLinkOutcome(await bankLink.status(payin.bank_payment_id));
    if (outcome.status !== 'WAITING') {
      return recordPayinOutcome(deps, purpose, payin, {
        ...outcome,
        challenge_url: null,
        updated_at: deps.clock.now(),
      });
    }
  }
  return payin;
}

/**
 * Bring an open pay-in up to date with its provider: a PROCESSING card one is
 * (re)authorized under its own key, which the gateway answers idempotently;
 * a WAITING one is looked up where the gateway has a look-up; a bank link is
 * initiated, then asked about.
 * Settled pay-ins come back unchanged.
 */
export async function settlePayin(deps: AppDeps, purpose: PayinPurpose, payin: PayinRow): Promise<PayinRow> {
  if (payin.method === 'bank_link') return settleBankLink(deps, purpose, payin);
  const gateway = deps.providers.cardGateway;
  if (payin.status === 'PROCESSING' && payin.card_token !== null) {
    const authorization = await gateway.authorize({
      token: payin.card_token,
      amount: payin.amount,
      currency: payin.currency,
      reference: payin.reference,
      idempotencyKey: providerKey(payin),
      returnUrl: cardReturnUrl(payin),
      ...(payin.billing_address ? { billingAddress: payin.billing_address } : {}),
    });
    return applyAuthorization(deps, purpose, payin, authorization);
  }
  // a gateway without a look-up (Adyen) decides a waiting payment by the shopper's return or its webhook
  if (payin.status === 'WAITING' && payin.gateway_payment_id !== null && gateway.getPayment) {
    const payment = await gateway.getPayment(payin.gateway_payment_id);
    if (!payment) throw new Error(`the card gateway does not know payment ${payin.gateway_payment_id}`);
    if (payment.status !== 'WAITING') return applyAuthorization(deps, purpose, payin, payment);
  }
  return payin;
}

/**
 * Give up the pay-in if it is still open, in the caller's transaction:
 * ABANDONED, so a card's later approval finds it no longer open; its card
 * charge is voided through the outbox, and a bank payment, which cannot be
 * voided, is watched for a late settlement. False when it was no longer open.
 */
export async function abandonPayin(trx: Transaction<Database>, deps: AppDeps, payinId: string): Promise<boolean> {
  const abandoned = await trx
    .updateTable('payins')
    .set({ status: 'ABANDONED', code: 'payment_was_not_authorised', challenge_url: null, updated_at: deps.clock.now() })
    .where('id', '=', payinId)
    .where('status', 'in', OPEN_PAYINS)
    .returning(['gateway_payment_id', 'bank_payment_id'])
    .executeTakeFirst();
  if (abandoned?.gateway_payment_id) await enqueuePayinVoid(trx, deps, payinId);
  // a bank payment cannot be voided: the bank may still settle it, and then the money is the customer's
  if (abandoned?.bank_payment_id) await enqueueLateSettlementCheck(trx, deps, payinId);
  return abandoned !== undefined;
}
