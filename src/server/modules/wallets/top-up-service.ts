import { randomBytes } from 'node:crypto';
import type { TopUp, TopUpOption, TopUpRequest } from '../../../domain/contract/wallets.ts';
import { formatMinor } from '../../../domain/money.ts';
import { ACCEPTED_CARD_BRANDS, isPaymentCode } from '../../../domain/payments.ts';
import { TOP_UP_CHALLENGE_MINUTES, TOP_UP_LIMITS } from '../../../domain/wallets.ts';
import type { Db } from '../../db/connection.ts';
import type { TopUpRow, TopUpStatus } from '../../db/tables/wallets.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { authorizationColumns, type CardAuthorization } from '../../providers/card-gateway/card-gateway.ts';
import { ownSavedCard } from './saved-cards.ts';
import { enqueueTopUpReconcile, enqueueTopUpVoid } from './top-up-jobs.ts';
import { assertHeld, heldBalances, type WalletOwner } from './wallet-accounts.ts';
import { parseWalletAmount } from './wallet-amounts.ts';
import { postTopUp } from './wallet-postings.ts';

/**
 * Card top-ups of a wallet, through the card gateway with 3-D Secure. The
 * wallet is credited only in the transaction that records the gateway's
 * approval, so the balance changes only when the money has arrived.
 */

/** A top-up the gateway has not settled yet. */
export const OPEN_TOP_UPS: readonly TopUpStatus[] = ['PROCESSING', 'WAITING'];
const RETURN_PATH = '/checkout-card-enrollment/return';

/** Where a 3-D Secure challenge returns to; the gateway adds status, provider and payment_id. */
export function topUpReturnUrl(topUpId: string): string {
  return `${RETURN_PATH}?${new URLSearchParams({ routeName: 'wallet-top-up', top_up_id: topUpId })}`;
}

/** GET /remit/wallet/get-topup-options: per held wallet, what one top-up may be. */
export async function topUpOptions(deps: AppDeps, owner: WalletOwner): Promise<TopUpOption[]> {
  const balances = await heldBalances(deps.db, owner);
  return [...balances.keys()].map((currency) => ({
    currency,
    min_amount: formatMinor(TOP_UP_LIMITS.min, currency),
    max_amount: formatMinor(TOP_UP_LIMITS.max, currency),
    fee: formatMinor(TOP_UP_LIMITS.fee, currency),
    methods: ['card'],
  }));
}

async function topUpView(db: Db, owner: WalletOwner, row: TopUpRow): Promise<TopUp> {
  const balance = (await heldBalances(db, owner)).get(row.currency) ?? 0n;
  const code = row.code !== null && isPaymentCode(row.code) ? row.code : null;
  return {
    id: row.id,
    status: row.status === 'PROCESSING' ? 'WAITING' : row.status === 'ABANDONED' ? 'DECLINED' : row.status,
    code,
    challenge_url: row.status === 'WAITING' ? row.challenge_url : null,
    currency: row.currency,
    amount: formatMinor(row.amount, row.currency),
    balance: formatMinor(balance, row.currency),
  };
}

/** Record what the gateway said about an open top-up and, on approval, credit the wallet: once, whoever asks. */
async function applyAuthorization(deps: AppDeps, topUp: TopUpRow, authorization: CardAuthorization): Promise<TopUpRow> {
  return deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('top_ups')
      .set({
        status: authorization.status,
        ...authorizationColumns(authorization, deps.clock.now()),
      })
      .where('id', '=', topUp.id)
      .where('status', 'in', OPEN_TOP_UPS)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return trx.selectFrom('top_ups').selectAll().where('id', '=', topUp.id).executeTakeFirstOrThrow();
    if (updated.status === 'APPROVED') await postTopUp(trx, updated);
    return updated;
  });
}

/** Bring an open top-up up to date with the gateway (authorize again under its key, or look the payment up). */
export async function settleTopUp(deps: AppDeps, topUp: TopUpRow): Promise<TopUpRow> {
  const gateway = deps.providers.cardGateway;
  if (topUp.status === 'PROCESSING') {
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
  const amount = parseWalletAmount(request.amount, request.currency, 'amount');
  if (amount < TOP_UP_LIMITS.min || amount > TOP_UP_LIMITS.max) {
    const [min, max] = [TOP_UP_LIMITS.min, TOP_UP_LIMITS.max].map((v) => formatMinor(v, request.currency));
    throw new ApiError('AmountOutOfRange', `Top up between ${min} and ${max} ${request.currency}`, 'amount');
  }
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
      const now = deps.clock.now();
      return deps.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('top_ups')
          .values({
            id: `tup_${randomBytes(16).toString('base64url')}`,
            customer_id: owner.customerId,
            idempotency_key: idempotency.key,
            request_hash: idempotency.requestHash,
            currency: request.currency,
            amount,
            card_token: cardToken,
            status: refused ? 'DECLINED' : 'PROCESSING',
            code: refused ? 'we_do_not_accept_this_card_type' : null,
            gateway_payment_id: null,
            challenge_url: null,
            card_brand: refused?.brand ?? null,
            card_last4: refused?.last4 ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['customer_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        // settled by the outbox if nobody comes back for it
        if (created?.status === 'PROCESSING') await enqueueTopUpReconcile(trx, deps, created.id);
        return created;
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

export function topUpById(db: Db, topUpId: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('top_ups').selectAll().where('id', '=', topUpId).executeTakeFirst();
}

/**
 * Give up an open top-up once its 3-D Secure deadline has passed: ABANDONED,
 * never credited (a later approval finds it no longer open), its gateway
 * payment voided through the outbox. False while the deadline is ahead.
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
      .returning('gateway_payment_id')
      .executeTakeFirst();
    if (abandoned?.gateway_payment_id) await enqueueTopUpVoid(trx, deps, topUp.id);
  });
  return true;
}
