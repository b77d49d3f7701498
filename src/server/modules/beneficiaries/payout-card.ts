import {
  type BeneficiaryMessageKey,
  beneficiaryMessage,
  type MessageParams,
} from '../../../domain/beneficiary-messages.ts';
import { ACCEPTED_CARD_BRANDS } from '../../../domain/payments.ts';
import { isCardInName, isPayoutCardExpired, type StoredPayoutCard } from '../../../domain/payout-cards.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { PayoutCard } from '../../providers/payout-cards/payout-card-gateway.ts';

const CARD_FIELD = 'card_token';

function refuse(key: BeneficiaryMessageKey, params?: MessageParams): never {
  throw new ApiError(
    // SPEC §8's own type for the issuing country, its modal "add a new card"; the other refusals are the form's
    key === 'card_country' ? 'IssuerCardCountryNotEqualBeneficiaryCountry' : 'ValidationFailed',
    beneficiaryMessage(key, params),
    `values.${CARD_FIELD}`,
  );
}

const BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard' };

/** A kept card, as the recipient row and its list label hold it. */
export interface RecipientCard {
  /** the stored token payouts go to: the form's `card_token` value from now on */
  token: string;
  card: StoredPayoutCard;
  /** "Visa •••• 0004" */
  label: string;
}

/**
 * The card of a card-payout recipient (SPEC §9: Visa or Mastercard, issued
 * in the destination country, not expired, in the recipient's name). `token`
 * is the single-use token the browser got from the card payout gateway, or
 * the recipient's own stored token (`current`) when the card did not change;
 * any other stored token is refused like an unknown one. Every refusal is on
 * `values.card_token`: a 400, but a card issued elsewhere than the destination
 * country is a 422 IssuerCardCountryNotEqualBeneficiaryCountry (SPEC §8).
 */
export async function recipientCard(
  deps: AppDeps,
  country: string,
  names: { first_name: string; middle_name: string | null; last_name: string },
  token: string,
  current: string | undefined,
): Promise<RecipientCard> {
  const gateway = deps.providers.payoutCards;
  // PAYOUT_CARDS=off: a card recipient saved before cannot be checked (or paid) any more
  if (!gateway) refuse('card_unknown');
  const found: PayoutCard | undefined = token === current ? await gateway.describe(token) : await gateway.keep(token);
  if (!found) refuse('card_unknown');
  const { card } = found;
  if (!ACCEPTED_CARD_BRANDS.includes(card.brand)) refuse('card_brand');
  if (card.country !== country) refuse('card_country', { country });
  const stored: StoredPayoutCard = {
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    fingerprint: found.fingerprint,
  };
  if (isPayoutCardExpired(stored, deps.clock.now())) refuse('card_expired');
  if (!isCardInName(found.holderName, names)) refuse('card_name');
  return { token: found.token, card: stored, label: `${BRAND_NAMES[card.brand]} •••• ${card.last4}` };
}
