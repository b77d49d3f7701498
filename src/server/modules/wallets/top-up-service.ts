import type { BankLinkTopUpRequest, TopUp, TopUpOption, TopUpRequest } from '../../../domain/contract/wallets.ts';
import { formatMinor } from '../../../domain/money.ts';
import { isPaymentCode, PAYMENT_METHODS } from '../../../domain/payments.ts';
import { TOP_UP_LIMITS } from '../../../domain/wallets.ts';
import type { Db } from '../../db/connection.ts';
import type { PayinRow } from '../../db/tables/payins.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Idempotency, oncePerKey } from '../../http/idempotency.ts';
import { cardPayin } from '../../payins/payin-card.ts';
import { settlePayin } from '../../payins/payin-lifecycle.ts';
import {
  BANK_LINK_START,
  insertPayin,
  type NewPayin,
  type PayinProvider,
  payinByProviderPayment,
  topUpPayinByKey,
} from '../../payins/payin-records.ts';
import { assertBankLinkTakes } from '../../providers/bank-link/bank-link-provider.ts';
import { TOP_UP_PAYIN } from './top-up-payin.ts';
import { assertHeld, heldBalances, type WalletOwner } from './wallet-accounts.ts';
import { parseWalletAmount } from './wallet-amounts.ts';

/**
 * Top-ups of a wallet, by card through the card gateway with 3-D Secure, or
 * by bank link through the open-banking provider: pay-ins
 * (src/server/payins/) whose purpose is the wallet (top-up-payin.ts). A bank
 * link's return to the app is never taken as its result.
 */

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

async function topUpView(db: Db, owner: WalletOwner, row: PayinRow): Promise<TopUp> {
  const balance = (await heldBalances(db, owner)).get(row.currency) ?? 0n;
  const code = row.code !== null && isPaymentCode(row.code) ? row.code : null;
  if (row.status === 'VOIDED') throw new Error(`top-up ${row.id} was voided, which a top-up never is`);
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

/** The amount in minor units, within the top-up limits. */
function topUpAmount(request: { amount: string; currency: string }): bigint {
  const amount = parseWalletAmount(request.amount, request.currency, 'amount');
  if (amount < TOP_UP_LIMITS.min || amount > TOP_UP_LIMITS.max) {
    const [min, max] = [TOP_UP_LIMITS.min, TOP_UP_LIMITS.max].map((v) => formatMinor(v, request.currency));
    throw new ApiError('AmountOutOfRange', `Top up between ${min} and ${max} ${request.currency}`, 'amount');
  }
  return amount;
}

type TopUpStart = Pick<NewPayin, 'method' | 'card_token' | 'status' | 'code' | 'card_brand' | 'card_last4'>;

/**
 * A top-up of a held wallet within the limits, once per Idempotency-Key: the
 * same key answers with the same top-up, asked of its provider while open.
 */
async function startTopUp(
  deps: AppDeps,
  owner: WalletOwner,
  request: { amount: string; currency: string },
  idempotency: Idempotency,
  start: () => Promise<TopUpStart>,
): Promise<{ topUp: TopUp; created: boolean }> {
  const amount = topUpAmount(request);
  const { row, created } = await oncePerKey(
    idempotency,
    () => topUpPayinByKey(deps.db, owner.customerId, idempotency.key),
    async () => {
      assertHeld(await heldBalances(deps.db, owner), request.currency, 'currency');
      const values = await start();
      return deps.db.transaction().execute((trx) =>
        insertPayin(trx, deps, idempotency, {
          ...values,
          purpose: 'top_up',
          customer_id: owner.customerId,
          transfer_id: null,
          amount,
          currency: request.currency,
        }),
      );
    },
  );
  return { topUp: await topUpView(deps.db, owner, await settlePayin(deps, TOP_UP_PAYIN, row)), created };
}

/**
 * POST /remit/wallet/top-up. The wallet must be held, the amount within the
 * top-up limits; a card we do not accept is recorded declined and never
 * reaches the gateway.
 */
export function topUpWallet(
  deps: AppDeps,
  owner: WalletOwner,
  request: TopUpRequest,
  idempotency: Idempotency,
): Promise<{ topUp: TopUp; created: boolean }> {
  return startTopUp(deps, owner, request, idempotency, async () => ({
    ...(await cardPayin(deps, owner.customerId, request)).values,
  }));
}

/**
 * POST /remit/wallet/top-up/bank-link: a top-up the customer approves at
 * their bank. Answers WAITING with the provider's bank picker at
 * `challenge_url`; the wallet is credited when the provider says the money
 * settled.
 */
export function topUpByBankLink(
  deps: AppDeps,
  owner: WalletOwner,
  request: BankLinkTopUpRequest,
  idempotency: Idempotency,
): Promise<{ topUp: TopUp; created: boolean }> {
  return startTopUp(deps, owner, request, idempotency, async () => {
    assertBankLinkTakes(deps.providers.bankLink, request.currency);
    return BANK_LINK_START;
  });
}

/** GET /remit/wallet/top-up/:id: the customer's own top-up, asked of the gateway while it is open. */
export async function getTopUp(deps: AppDeps, owner: WalletOwner, topUpId: string): Promise<TopUp> {
  const row = await deps.db
    .selectFrom('payins')
    .selectAll()
    .where('id', '=', topUpId)
    .where('purpose', '=', 'top_up')
    .where('customer_id', '=', owner.customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Top-up');
  return topUpView(deps.db, owner, await settlePayin(deps, TOP_UP_PAYIN, row));
}

/** The customer's top-up the card gateway or the bank-link provider knows as `paymentId`, settled when still open; undefined when none. */
export async function providerTopUp(
  deps: AppDeps,
  owner: WalletOwner,
  via: PayinProvider,
  paymentId: string,
): Promise<TopUp | undefined> {
  const row = await payinByProviderPayment(deps.db, owner.customerId, via, paymentId);
  if (row?.purpose !== 'top_up') return undefined;
  return topUpView(deps.db, owner, await settlePayin(deps, TOP_UP_PAYIN, row));
}
