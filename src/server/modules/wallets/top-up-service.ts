import { randomBytes } from 'node:crypto';
import type { Insertable, Transaction, Updateable } from 'kysely';
import type { BankLinkTopUpRequest, TopUp, TopUpOption, TopUpRequest } from '../../../domain/contract/wallets.ts';
import { displayMoney, formatMinor } from '../../../domain/money.ts';
import { TOP_UP_BODY_TEXT, TOP_UP_TITLE_TEXT } from '../../../domain/notification-texts.ts';
import { ACCEPTED_CARD_BRANDS, isPaymentCode, PAYMENT_METHODS } from '../../../domain/payments.ts';
import { TOP_UP_CHALLENGE_MINUTES, TOP_UP_LIMITS } from '../../../domain/wallets.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { TopUpRow, TopUpStatus, TopUpsTable } from '../../db/tables/wallets.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { bankLinkOutcome } from '../../providers/bank-link/bank-link-outcome.ts';
import { authorizationColumns, type CardAuthorization } from '../../providers/card-gateway/card-gateway.ts';
import { notifyCustomer } from '../notifications/notify-customer.ts';
import { ownSavedCard } from './saved-cards.ts';
import {
  enqueueLateSettlementCheck,
  enqueueTopUpReconcile,
  enqueueTopUpVoid,
  LATE_SETTLEMENT_DAYS,
} from './top-up-jobs.ts';
import { assertHeld, heldBalances, type WalletOwner } from './wallet-accounts.ts';
import { parseWalletAmount } from './wallet-amounts.ts';
import { postTopUp } from './wallet-postings.ts';

/**
 * Top-ups of a wallet, by card through the card gateway with 3-D Secure, or
 * by bank link through the open-banking provider. The wallet is credited
 * only in the transaction that records the gateway's approval or the
 * provider's settlement, so the balance changes only when the money has
 * arrived; a bank link's return to the app is never taken as its result.
 */

/** A top-up the gateway has not settled yet. */
export const OPEN_TOP_UPS: readonly TopUpStatus[] = ['PROCESSING', 'WAITING'];
const RETURN_PATH = '/checkout-card-enrollment/return';
/** SPEC §2: the bank-link provider returns the browser here. */
export const BANK_LINK_RETURN_PATH = '/trustly-callback';

/** Where a 3-D Secure challenge returns to; the gateway adds status, provider and payment_id. */
export function topUpReturnUrl(topUpId: string): string {
  return `${RETURN_PATH}?${new URLSearchParams({ routeName: 'wallet-top-up', top_up_id: topUpId })}`;
}

/** Where the bank picker returns to; the provider adds payment_id. */
function bankLinkReturnUrl(topUpId: string): string {
  return `${BANK_LINK_RETURN_PATH}?${new URLSearchParams({ routeName: 'wallet-top-up', top_up_id: topUpId })}`;
}

/** GET /remit/wallet/get-topup-options: per held wallet, what one top-up may be. */
export async function topUpOptions(deps: AppDeps, owner: WalletOwner): Promise<TopUpOption[]> {
  const balances = await heldBalances(deps.db, owner);
  return [...balances.keys()].map((currency) => ({
    currency,
    min_amount: formatMinor(TOP_UP_LIMITS.min, currency),
    max_amount: formatMinor(TOP_UP_LIMITS.max, currency),
    fee: formatMinor(TOP_UP_LIMITS.fee, currency),
    methods: [...PAYMENT_METHODS],
  }));
}

async function topUpView(db: Db, owner: WalletOwner, row: TopUpRow): Promise<TopUp> {
  const balance = (await heldBalances(db, owner)).get(row.currency) ?? 0n;
  const code = row.code !== null && isPaymentCode(row.code) ? row.code : null;
  return {
    id: row.id,
    method: row.method,
    status: row.status === 'PROCESSING' ? 'WAITING' : row.status === 'ABANDONED' ? 'DECLINED' : row.status,
    code,
    challenge_url: row.status === 'WAITING' ? row.challenge_url : null,
    currency: row.currency,
    amount: formatMinor(row.amount, row.currency),
    balance: formatMinor(balance, row.currency),
  };
}

/**
 * Record what the provider said about a top-up still in one of `from` (an open one, by default) and, on approval,
 * credit the wallet: once, whoever asks.
 */
async function recordOutcome(
  deps: AppDeps,
  topUp: TopUpRow,
  columns: Updateable<TopUpsTable>,
  from: readonly TopUpStatus[] = OPEN_TOP_UPS,
): Promise<TopUpRow> {
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('top_ups')
      .set(columns)
      .where('id', '=', topUp.id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return trx.selectFrom('top_ups').selectAll().where('id', '=', topUp.id).executeTakeFirstOrThrow();
    if (updated.status === 'APPROVED') {
      await postTopUp(trx, updated);
      await notifyTopUp(trx, deps, updated);
    }
    return updated;
  });
}

/** The notification's key: the bell says it in the customer's language (features/notifications/notification-text.ts). */
export const TOP_UP_TITLE = 'wallet_credit.top_up';

/** Tell the customer their wallet holds the money: a notification in the bell and a push, in their language. */
function notifyTopUp(trx: Transaction<Database>, deps: AppDeps, topUp: TopUpRow): Promise<boolean> {
  return notifyCustomer(trx, deps.clock, {
    id: `ntf_topup_${topUp.id}`,
    customerId: topUp.customer_id,
    category: 'wallet',
    titleKey: TOP_UP_TITLE,
    params: { amount: formatMinor(topUp.amount, topUp.currency), currency: topUp.currency },
    title: TOP_UP_TITLE_TEXT,
    body: TOP_UP_BODY_TEXT,
    texts: (locale) => ({ amount: displayMoney(topUp.amount, topUp.currency, locale), currency: topUp.currency }),
    url: '/wallets',
    tag: `top-up-${topUp.id}`,
    pushCategory: 'wallet-credit',
  });
}

function applyAuthorization(deps: AppDeps, topUp: TopUpRow, authorization: CardAuthorization): Promise<TopUpRow> {
  return recordOutcome(deps, topUp, {
    status: authorization.status,
    ...authorizationColumns(authorization, deps.clock.now()),
  });
}

/** A bank-link top-up: initiate it at the provider under its own key, then ask the provider until it ends. */
async function settleBankLinkTopUp(deps: AppDeps, topUp: TopUpRow): Promise<TopUpRow> {
  const bankLink = deps.providers.bankLink;
  if (topUp.status === 'PROCESSING') {
    const payment = await bankLink.initiate({
      amount: topUp.amount,
      currency: topUp.currency,
      reference: topUp.id,
      idempotencyKey: `top-up:${topUp.id}`,
      returnUrl: bankLinkReturnUrl(topUp.id),
    });
    return recordOutcome(deps, topUp, {
      status: 'WAITING',
      bank_payment_id: payment.paymentId,
      challenge_url: payment.redirectUrl,
      updated_at: deps.clock.now(),
    });
  }
  if (topUp.status === 'WAITING' && topUp.bank_payment_id !== null) {
    const outcome = bankLinkOutcome(await bankLink.status(topUp.bank_payment_id));
    if (outcome.status !== 'WAITING') {
      return recordOutcome(deps, topUp, { ...outcome, challenge_url: null, updated_at: deps.clock.now() });
    }
  }
  return topUp;
}

/** Bring an open top-up up to date with the gateway (authorize again under its key, or look the payment up). */
export async function settleTopUp(deps: AppDeps, topUp: TopUpRow): Promise<TopUpRow> {
  if (topUp.method === 'bank_link') return settleBankLinkTopUp(deps, topUp);
  const gateway = deps.providers.cardGateway;
  if (topUp.status === 'PROCESSING' && topUp.card_token !== null) {
    const authorization = await gateway.authorize({
      token: topUp.card_token,
      amount: topUp.amount,
      currency: topUp.currency,
      reference: topUp.id,
      idempotencyKey: `top-up:${topUp.id}`,
      returnUrl: topUpReturnUrl(topUp.id),
    });
    return applyAuthorization(deps, topUp, authorization);
  }
  if (topUp.status === 'WAITING' && topUp.gateway_payment_id !== null) {
    const payment = await gateway.getPayment(topUp.gateway_payment_id);
    if (!payment) throw new Error(`the card gateway does not know payment ${topUp.gateway_payment_id}`);
    if (payment.status !== 'WAITING') return applyAuthorization(deps, topUp, payment);
  }
  return topUp;
}

/** The amount in minor units, within the top-up limits. */
function topUpAmount(request: { amount: string; currency: string }): bigint {
  const amount = parseWalletAmount(request.amount, request.currency, 'amount');
  if (amount < TOP_UP_LIMITS.min || amount > TOP_UP_LIMITS.max) {
    const [min, max] = [TOP_UP_LIMITS.min, TOP_UP_LIMITS.max].map((v) => formatMinor(v, request.currency));
    throw new ApiError('AmountOutOfRange', `Top up between ${min} and ${max} ${request.currency}`, 'amount');
  }
  return amount;
}

function byKey(db: Db, customerId: string, key: string): Promise<TopUpRow | undefined> {
  return db
    .selectFrom('top_ups')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * POST /remit/wallet/top-up. The wallet must be held, the amount within the
 * top-up limits; a card we do not accept is recorded declined and never
 * reaches the gateway. The same Idempotency-Key answers with the same top-up.
 */
export async function topUpWallet(
  deps: AppDeps,
  owner: WalletOwner,
  request: TopUpRequest,
  idempotency: Idempotency,
): Promise<{ topUp: TopUp; created: boolean }> {
  const amount = topUpAmount(request);
  const { row, created } = await oncePerKey(
    idempotency,
    () => byKey(deps.db, owner.customerId, idempotency.key),
    async () => {
      assertHeld(await heldBalances(deps.db, owner), request.currency, 'currency');
      const cardToken = request.saved_card_id
        ? (await ownSavedCard(deps.db, owner.customerId, request.saved_card_id, 'saved_card_id')).gateway_token
        : request.card_token;
      if (cardToken === undefined) throw new Error('the contract lets no top-up through without a card');
      const token = await deps.providers.cardGateway.describeToken(cardToken);
      const refused = token && !ACCEPTED_CARD_BRANDS.includes(token.card.brand) ? token.card : undefined;
      return insertTopUp(deps, owner, idempotency, {
        currency: request.currency,
        amount,
        card_token: cardToken,
        status: refused ? 'DECLINED' : 'PROCESSING',
        code: refused ? 'we_do_not_accept_this_card_type' : null,
        card_brand: refused?.brand ?? null,
        card_last4: refused?.last4 ?? null,
      });
    },
  );
  return { topUp: await topUpView(deps.db, owner, await settleTopUp(deps, row)), created };
}

type NewTopUp = Pick<
  Insertable<TopUpsTable>,
  'currency' | 'amount' | 'card_token' | 'status' | 'code' | 'card_brand' | 'card_last4' | 'method'
>;

/** Record a new top-up under the customer's key; one PROCESSING is settled by the outbox if nobody comes back for it. */
function insertTopUp(
  deps: AppDeps,
  owner: WalletOwner,
  idempotency: Idempotency,
  values: NewTopUp,
): Promise<TopUpRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('top_ups')
      .values({
        id: `tup_${randomBytes(16).toString('base64url')}`,
        customer_id: owner.customerId,
        idempotency_key: idempotency.key,
        request_hash: idempotency.requestHash,
        gateway_payment_id: null,
        challenge_url: null,
        bank_payment_id: null,
        created_at: now,
        updated_at: now,
        ...values,
      })
      .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created?.status === 'PROCESSING') await enqueueTopUpReconcile(trx, deps, created.id);
    return created;
  });
}

/**
 * POST /remit/wallet/top-up/bank-link: a top-up the customer approves at
 * their bank. Answers WAITING with the provider's bank picker at
 * `challenge_url`; the wallet is credited when the provider says the money
 * settled. The same Idempotency-Key answers with the same top-up.
 */
export async function topUpByBankLink(
  deps: AppDeps,
  owner: WalletOwner,
  request: BankLinkTopUpRequest,
  idempotency: Idempotency,
): Promise<{ topUp: TopUp; created: boolean }> {
  const amount = topUpAmount(request);
  const { row, created } = await oncePerKey(
    idempotency,
    () => byKey(deps.db, owner.customerId, idempotency.key),
    async () => {
      assertHeld(await heldBalances(deps.db, owner), request.currency, 'currency');
      return insertTopUp(deps, owner, idempotency, {
        currency: request.currency,
        amount,
        card_token: null,
        status: 'PROCESSING',
        code: null,
        card_brand: null,
        card_last4: null,
        method: 'bank_link',
      });
    },
  );
  return { topUp: await topUpView(deps.db, owner, await settleTopUp(deps, row)), created };
}

/** GET /remit/wallet/top-up/:id: the customer's own top-up, asked of the gateway while it is open. */
export async function getTopUp(deps: AppDeps, owner: WalletOwner, topUpId: string): Promise<TopUp> {
  const row = await deps.db
    .selectFrom('top_ups')
    .selectAll()
    .where('id', '=', topUpId)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Top-up');
  return topUpView(deps.db, owner, await settleTopUp(deps, row));
}

/** The customer's card top-up the gateway knows as `gatewayPaymentId`, settled when still open; undefined when none. */
export async function cardTopUp(
  deps: AppDeps,
  owner: WalletOwner,
  gatewayPaymentId: string,
): Promise<TopUp | undefined> {
  const row = await deps.db
    .selectFrom('top_ups')
    .selectAll()
    .where('gateway_payment_id', '=', gatewayPaymentId)
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirst();
  return row && topUpView(deps.db, owner, await settleTopUp(deps, row));
}

export function topUpById(db: Db, topUpId: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('top_ups').selectAll().where('id', '=', topUpId).executeTakeFirst();
}

/**
 * Give up an open top-up once its 3-D Secure or bank deadline has passed:
 * ABANDONED, and a card's later approval finds it no longer open (its gateway
 * payment is voided through the outbox). A bank payment cannot be voided, so
 * the provider is still asked about it (`creditLateBankSettlement`). False
 * while the deadline is ahead.
 */
export async function abandonTopUp(deps: AppDeps, topUp: TopUpRow): Promise<boolean> {
  const now = deps.clock.now();
  if (now.getTime() < topUp.created_at.getTime() + TOP_UP_CHALLENGE_MINUTES * 60_000) return false;
  await deps.db.transaction().execute(async (trx) => {
    const abandoned = await trx
      .updateTable('top_ups')
      .set({ status: 'ABANDONED', code: 'payment_was_not_authorised', challenge_url: null, updated_at: now })
      .where('id', '=', topUp.id)
      .where('status', 'in', OPEN_TOP_UPS)
      .returning(['gateway_payment_id', 'bank_payment_id'])
      .executeTakeFirst();
    if (abandoned?.gateway_payment_id) await enqueueTopUpVoid(trx, deps, topUp.id);
    if (abandoned?.bank_payment_id) await enqueueLateSettlementCheck(trx, deps, topUp.id);
  });
  return true;
}

/**
 * A bank-link top-up abandoned while its bank payment was pending, whose payment settles later (issue 12): the
 * customer pushed their own money from their bank to ours, so unlike a card authorisation there is nothing to void,
 * and the money is already held for them. Like Wise, whose late bank transfers for a balance top-up land in that
 * balance, we credit the wallet they asked to top up rather than send the money back: a refund would be one more
 * payout, with its days and its chance of failing, for money they can withdraw or spend from the wallet anyway. The
 * credit is the same `top-up:<id>` ledger posting an approval in time makes, under the row's ABANDONED guard, so a
 * settlement reported twice or checked by two workers at once credits once. Asked while the payment may still
 * settle (`LATE_SETTLEMENT_DAYS` from the top-up's start); answers what the provider said.
 */
export async function creditLateBankSettlement(
  deps: AppDeps,
  topUp: TopUpRow,
): Promise<TopUpRow['status'] | 'WAITING'> {
  if (topUp.status !== 'ABANDONED' || topUp.bank_payment_id === null) return topUp.status;
  const outcome = bankLinkOutcome(await deps.providers.bankLink.status(topUp.bank_payment_id));
  if (outcome.status !== 'APPROVED') return outcome.status;
  const recorded = await recordOutcome(deps, topUp, { ...outcome, updated_at: deps.clock.now() }, ['ABANDONED']);
  return recorded.status;
}

/** Whether an abandoned bank-link payment (a top-up's, or a transfer's attempt) begun then may still settle at `now`. */
export function mayStillSettle(payment: { created_at: Date }, now: Date): boolean {
  return now.getTime() < payment.created_at.getTime() + LATE_SETTLEMENT_DAYS * 24 * 60 * 60_000;
}
