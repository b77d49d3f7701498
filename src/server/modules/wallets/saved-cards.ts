import { createHash, randomBytes } from 'node:crypto';
import type { AddCardRequest, SavedCard } from '../../../domain/contract/wallets.ts';
import { ACCEPTED_CARD_BRANDS, CARD_BRANDS, isCardExpired } from '../../../domain/payments.ts';
import type { Db } from '../../db/connection.ts';
import type { SavedCardRow } from '../../db/tables/wallets.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { newCardToken } from '../../providers/card-gateway/card-gateway.ts';
import { enqueueCardForget } from './saved-card-jobs.ts';
import type { WalletOwner } from './wallet-accounts.ts';

/**
 * Saved cards (SPEC §7 "remit/card"): with the customer's consent, a card is
 * kept at the gateway as a reusable token; we keep that token and what the
 * gateway shows of the card (brand, last four digits, expiry), never its
 * number. Every card is its customer's alone.
 */

function savedCardView(row: SavedCardRow, now: Date): SavedCard {
  const brand = CARD_BRANDS.find((b) => b === row.brand);
  if (!brand) throw new Error(`saved card ${row.id} has an unknown brand ${row.brand}`);
  return {
    card_id: row.id,
    brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    expire: `${String(row.exp_month).padStart(2, '0')}/${String(row.exp_year % 100).padStart(2, '0')}`,
    is_expired: isCardExpired(row.exp_month, row.exp_year, now),
  };
}

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

const bySourceToken = (db: Db, token: string) =>
  db.selectFrom('saved_cards').selectAll().where('source_token_sha256', '=', tokenDigest(token)).executeTakeFirst();

/**
 * POST /remit/card/add: keep the card behind a live single-use token. Visa
 * and Mastercard only. Adding the same token again answers with the card it
 * saved (created false); another customer's token is refused like an unknown one.
 */
export async function addCard(
  deps: AppDeps,
  owner: WalletOwner,
  request: AddCardRequest,
): Promise<{ card: SavedCard; created: boolean }> {
  const singleUseToken = newCardToken(
    deps.providers.cardGateway,
    { token: request.single_use_token, fields: request.card_fields },
    'single_use_token',
  );
  if (singleUseToken === undefined) throw new ApiError('ValidationFailed', 'Give the card to save', 'card_fields');
  const now = deps.clock.now();
  const earlier = async () => {
    const row = await bySourceToken(deps.db, singleUseToken);
    return row?.customer_id === owner.customerId ? { card: savedCardView(row, now), created: false } : undefined;
  };
  const unknown = () =>
    new ApiError('InvalidInformation', 'The card token is unknown, used or expired', 'single_use_token');

  const again = await earlier();
  if (again) return again;
  const gateway = deps.providers.cardGateway;
  const notAccepted = () => new ApiError('PaymentDeclined', 'We accept Visa and Mastercard only', 'single_use_token');
  // a gateway that cannot describe a card before storing it (Adyen) has its brand checked once stored
  const described = await gateway.describeToken(singleUseToken);
  if (described && !ACCEPTED_CARD_BRANDS.includes(described.card.brand)) throw notAccepted();
  const stored = await gateway.storeCard(
    singleUseToken,
    { shopperReference: owner.customerId },
    { idempotencyKey: `card-add:${tokenDigest(singleUseToken)}` },
  );
  // a concurrent add of the same token spent it first
  if (!stored) {
    const winner = await earlier();
    if (winner) return winner;
    throw unknown();
  }
  if (!ACCEPTED_CARD_BRANDS.includes(stored.card.brand)) {
    await gateway.forgetCard(stored.token);
    throw notAccepted();
  }
  const row = await deps.db
    .insertInto('saved_cards')
    .values({
      id: `card_${randomBytes(16).toString('base64url')}`,
      customer_id: owner.customerId,
      source_token_sha256: tokenDigest(singleUseToken),
      gateway_token: stored.token,
      brand: stored.card.brand,
      last4: stored.card.last4,
      exp_month: stored.card.expMonth,
      exp_year: stored.card.expYear,
      created_at: now,
      consented_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { card: savedCardView(row, now), created: true };
}

/** POST /remit/card/list: the customer's saved cards, newest first. */
export async function listCards(deps: AppDeps, owner: WalletOwner): Promise<SavedCard[]> {
  const rows = await deps.db
    .selectFrom('saved_cards')
    .selectAll()
    .where('customer_id', '=', owner.customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const now = deps.clock.now();
  return rows.map((row) => savedCardView(row, now));
}

/** POST /remit/card/delete: the card is gone from the list and the gateway forgets it, so it can never be charged again. */
export async function deleteCard(deps: AppDeps, owner: WalletOwner, cardId: string): Promise<null> {
  return deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('saved_cards')
      .where('id', '=', cardId)
      .where('customer_id', '=', owner.customerId)
      .returning('gateway_token')
      .executeTakeFirst();
    if (!deleted) throw new ApiError('NotFound', 'Card not found', 'card_id');
    await enqueueCardForget(trx, deps, deleted.gateway_token);
    return null;
  });
}
