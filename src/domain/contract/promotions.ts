import { normalizePromoCode, PROMO_CODE, PROMO_KINDS } from '../promotions.ts';
import { endpoint } from './endpoint.ts';
import { fromString } from './from-string.ts';
import { page, pageQuery } from './pages.ts';
import { enums, type Infer, nullable, object, refine, string } from './structs.ts';

/** A promo code as typed: spaces around and letter case forgiven ("halffee " → "HALFFEE"). */
export const PromoCodeInput = fromString(
  refine(string(), 'promo_code', (value) => PROMO_CODE.test(value) || 'Invalid promotion code', {
    pattern: PROMO_CODE.source,
  }),
  normalizePromoCode,
  ({ pattern: _pattern, ...described }) => ({
    ...described,
    description: 'any letter case; surrounding spaces dropped',
  }),
);

/** One of the customer's promo codes, and whether they can still use it. */
export const Promotion = object({
  code: string(),
  kind: enums(PROMO_KINDS),
  /** percent_fee: 1 to 100 */
  percent_off: nullable(string()),
  /** fixed_fee: a decimal string of `currency` */
  amount_off: nullable(string()),
  currency: nullable(string()),
  /** ISO 8601, or null when it does not run out */
  valid_until: nullable(string()),
  /** spent: a transfer of theirs used it */
  status: enums(['available', 'spent'] as const),
});
export type Promotion = Infer<typeof Promotion>;

export const PROMOTION_PAGE_MAX = 100;

/** GET /remit/options/promotions query: a page of `limit` (default 50), older than `before` or newer than `after`. */
export const PromotionPageQuery = pageQuery(PROMOTION_PAGE_MAX);

/** GET /remit/options/promotions: the whole body, a page of the customer's codes, newest first, in `data`, and the next page's link. */
export const PromotionPage = page(Promotion);
export type PromotionPage = Infer<typeof PromotionPage>;

/** The promotions area of the main API (SPEC §7 GET /remit/options/promotions). */
export const promotionsApi = {
  listPromotions: endpoint({
    method: 'GET',
    base: 'main',
    path: '/remit/options/promotions',
    auth: 'session',
    query: PromotionPageQuery,
    response: PromotionPage,
    envelope: 'body',
    offline: 'last-known',
  }),
} as const;
