import type { Selectable } from 'kysely';
import { mountedPath } from '../../../domain/contract/endpoint.ts';
import type { PageQuery } from '../../../domain/contract/pages.ts';
import { type PromotionPage, promotionsApi } from '../../../domain/contract/promotions.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import type { Minor } from '../../../domain/money.ts';
import { formatMinor } from '../../../domain/money.ts';
import { feeDiscount, INVALID_PROMO_MESSAGE } from '../../../domain/promotions.ts';
import { FUNDED_STATUSES } from '../../../domain/transfers.ts';
import type { Db } from '../../db/connection.ts';
import { readPage } from '../../db/paged-rows.ts';
import type { PromoCodesTable } from '../../db/tables/promotions.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

type PromoRow = Selectable<PromoCodesTable>;

const invalid = () => new ApiError('InvalidPromotionCode', INVALID_PROMO_MESSAGE, 'promo_code');

/** PROMO_CODES=false: no code is listed or taken (404 NotFound on the list, 422 on a quote's `promo_code`). */
function promoCodesOff(deps: Pick<AppDeps, 'config'>): boolean {
  return !deps.config.features.promoCodes;
}

/** The customer's live redemptions, with the status of the transfer that made each. */
function liveRedemptions(db: Db, customerId: string) {
  return db
    .selectFrom('promo_redemptions')
    .innerJoin('transfers', 'transfers.id', 'promo_redemptions.transfer_id')
    .select(['promo_redemptions.code', 'transfers.status'])
    .where('promo_redemptions.customer_id', '=', customerId)
    .where('promo_redemptions.released_at', 'is', null)
    .execute();
}

async function hasFundedTransfer(db: Db, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('transfers')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', 'in', FUNDED_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function isLive(promo: PromoRow, now: Date): boolean {
  return promo.active && (promo.valid_until === null || now < promo.valid_until);
}

/**
 * What `code` takes off a quote's fee for this customer, or 422
 * InvalidPromotionCode on `promo_code`: unknown, switched off, run out,
 * spent by a transfer of theirs, a first-transfer code after their first
 * transfer, or nothing to take off; any code where PROMO_CODES=false. A code held by one of their unpaid
 * transfers can be quoted again (a new rate for that transfer); the
 * transfer that spends it is the one that counts (`redeemPromo`).
 */
export async function promoDiscount(
  deps: Pick<AppDeps, 'db' | 'config'>,
  customerId: string,
  code: string,
  quote: { fee: Minor; sourceCurrency: string },
  now: Date,
): Promise<Minor> {
  if (promoCodesOff(deps)) throw new ApiError('InvalidPromotionCode', 'Promo codes are not offered', 'promo_code');
  const { db } = deps;
  const promo = await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!promo || !isLive(promo, now)) throw invalid();
  const spent = (await liveRedemptions(db, customerId)).some((r) => r.code === code && r.status !== 'AWAITING');
  if (spent) throw invalid();
  if (promo.kind === 'first_transfer_free' && (await hasFundedTransfer(db, customerId))) throw invalid();
  const discount = feeDiscount(
    { kind: promo.kind, percentOff: promo.percent_off, amountOff: promo.amount_off, currency: promo.currency },
    quote.fee,
    quote.sourceCurrency,
  );
  if (discount <= 0n) throw invalid();
  return discount;
}

/**
 * In the transaction that creates a transfer from a quote with a code: spend
 * the code. A second live redemption of the same code by the same customer
 * breaks the unique index, whoever commits first: the code is spent once.
 */
export async function redeemPromo(
  trx: Db,
  quote: { promo_code: string | null; fee_discount: bigint; customer_id: string },
  transferId: string,
  now: Date,
): Promise<void> {
  if (quote.promo_code === null) return;
  try {
    await trx
      .insertInto('promo_redemptions')
      .values({
        code: quote.promo_code,
        customer_id: quote.customer_id,
        transfer_id: transferId,
        discount: quote.fee_discount,
        created_at: now,
        released_at: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, 'promo_redemptions_once_key')) throw invalid();
    throw error;
  }
}

/** A transfer closed unpaid gives its code back. */
export async function releasePromo(trx: Db, transferId: string, now: Date): Promise<void> {
  await trx
    .updateTable('promo_redemptions')
    .set({ released_at: now })
    .where('transfer_id', '=', transferId)
    .where('released_at', 'is', null)
    .execute();
}

/**
 * GET /remit/options/promotions: a page of the live codes the customer can use
 * (a fixed amount only in their currency), newest first by `(created_at, code)`,
 * and whether they have spent each. A cursor may name a code of theirs that ran
 * out since its page (db/paged-rows.ts).
 */
export async function listPromotions(
  deps: AppDeps,
  customer: { customerId: string; country: string },
  query: PageQuery,
): Promise<PromotionPage> {
  if (promoCodesOff(deps)) throw new ApiError('NotFound', 'Promo codes are not offered');
  const currency = findSourceCountry(customer.country)?.currency ?? null;
  const theirs = deps.db
    .selectFrom('promo_codes')
    .selectAll()
    .where('active', '=', true)
    .where((eb) => eb.or([eb('currency', 'is', null), eb('currency', '=', currency)]));
  const now = deps.clock.now();
  const live = theirs.where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]));
  const redemptions = await liveRedemptions(deps.db, customer.customerId);
  const spent = new Set(redemptions.filter((r) => r.status !== 'AWAITING').map((r) => r.code));
  return readPage(
    live,
    {
      table: 'promo_codes',
      key: 'code',
      noun: 'promotion',
      path: mountedPath(promotionsApi.listPromotions),
      anchors: theirs,
    },
    query,
    (promo) => ({
      code: promo.code,
      kind: promo.kind,
      percent_off: promo.percent_off === null ? null : String(promo.percent_off),
      amount_off:
        promo.amount_off === null || promo.currency === null ? null : formatMinor(promo.amount_off, promo.currency),
      currency: promo.currency,
      valid_until: promo.valid_until?.toISOString() ?? null,
      status: spent.has(promo.code) ? 'spent' : 'available',
    }),
  );
}
