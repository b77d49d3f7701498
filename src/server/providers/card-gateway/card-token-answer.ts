import type { CardToken } from '../../../domain/contract/card-gateway.ts';
import type { CardDetails } from './card-gateway.ts';

/** A token a sandbox gateway issued, as its tokenization endpoint answers it (payment and payout cards alike). */
export function cardTokenAnswer(issued: { token: string; card: CardDetails; expiresAt: Date }): CardToken {
  const { card } = issued;
  return {
    token: issued.token,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      country: card.country,
    },
    expires_at: issued.expiresAt.toISOString(),
  };
}
