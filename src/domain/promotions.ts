import type { Minor } from './money.ts';

/**
 * Promo codes (SPEC §1): each lowers the fee of one transfer. Pure rules;
 * the server decides which code a customer may use and spends it once.
 */
export const PROMO_KINDS = ['percent_fee', 'fixed_fee', 'first_transfer_free'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export interface PromoTerms {
  kind: PromoKind;
  /** percent_fee: 1 to 100 */
  percentOff: number | null;
  /** fixed_fee: minor units of `currency` */
  amountOff: Minor | null;
  currency: string | null;
}

/** A promo code as typed: letters and digits, any case, surrounding spaces forgiven. */
export const PROMO_CODE = /^[A-Z0-9]{4,32}$/;

export function normalizePromoCode(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * What a code takes off `fee` (source currency minor units): never more than
 * the fee, truncated; a fixed amount only in its own currency (else nothing,
 * and the code does not apply).
 */
export function feeDiscount(terms: PromoTerms, fee: Minor, sourceCurrency: string): Minor {
  switch (terms.kind) {
    case 'first_transfer_free':
      return fee;
    case 'percent_fee':
      return (fee * BigInt(terms.percentOff ?? 0)) / 100n;
    case 'fixed_fee': {
      if (terms.currency !== sourceCurrency) return 0n;
      const off = terms.amountOff ?? 0n;
      return off < fee ? off : fee;
    }
  }
}

/** The SPEC §8 text of a code that cannot be used (unknown, spent, expired, not for this transfer). */
export const INVALID_PROMO_MESSAGE = 'Invalid promotion code';
