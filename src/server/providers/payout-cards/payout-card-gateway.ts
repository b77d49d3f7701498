import type { CardDetails } from '../card-gateway/card-gateway.ts';

/** A recipient's card as the card payout gateway shows it to us: never the number. */
export interface PayoutCard {
  /** the stored token payouts are sent to */
  token: string;
  card: CardDetails;
  /** the name the card's bank holds the card in */
  holderName: string;
  /** the same card number always has the same fingerprint */
  fingerprint: string;
}

/**
 * The card payout gateway seam (DESIGN §4): where a recipient's card is
 * tokenized by the browser, and kept for payouts to it (SPEC §1 card payout).
 * The sandbox adapter is one implementation.
 */
export interface PayoutCardGateway {
  /** Where the browser tokenizes a recipient's card (the schema's `tokenize_card` link): the gateway's own address. */
  readonly tokenizeUrl: string;
  /**
   * Keep the card behind a live single-use token for payouts; undefined when
   * the token is unknown or expired. Keeping the same token again answers the
   * card it became, so a retried save keeps one card.
   */
  keep(singleUseToken: string): Promise<PayoutCard | undefined>;
  /** A kept card by its stored token; undefined when unknown. */
  describe(storedToken: string): Promise<PayoutCard | undefined>;
}
