import type { Timestamp } from './platform.ts';

/**
 * The sandbox card payout gateway's own state. In production this lives at
 * the gateway; here it stands in for it. No card number is stored: only what
 * a gateway shows a merchant about a card, and a fingerprint of its number.
 */
export interface SandboxPayoutCardsTable {
  /** `ptk_…` single-use (from the browser), `pcd_…` stored (the merchant keeps it) */
  token: string;
  kind: 'single_use' | 'stored';
  /** a single-use token already kept: the stored token it became (keeping it again answers that one) */
  kept_as: string | null;
  /** the same card number always has the same fingerprint */
  fingerprint: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** ISO 3166-1 alpha-2 country of the issuing bank */
  country: string;
  /** the name the issuing bank holds the card in */
  holder_name: string;
  created_at: Timestamp;
  /** a single-use token lives minutes; a stored one until the card expires */
  expires_at: Timestamp;
}

export interface PayoutCardTables {
  sandbox_payout_cards: SandboxPayoutCardsTable;
}
