import type { QuoteTimer } from '../../../domain/contract/quotes.ts';

export const QUOTE_EXPIRED_MESSAGE = 'This rate has expired. Get a new rate.';

/** A quote's rate holds strictly before `expires_at`. */
export function isQuoteExpired(quote: { expires_at: Date }, now: Date): boolean {
  return now.getTime() >= quote.expires_at.getTime();
}

/** Whole minutes and seconds left on the rate at `now`; zero once expired. */
export function quoteTimer(expiresAt: Date, now: Date): QuoteTimer {
  const left = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return { minutes: Math.floor(left / 60), seconds: left % 60 };
}
