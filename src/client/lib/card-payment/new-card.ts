import type { AdyenCardFields } from '../../../domain/contract/card-gateway.ts';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { tokenizeCard } from '../api/card-gateway.ts';
import { call } from '../api/client.ts';
import { showErrorModal } from '../error-modal/error-modal-atom.ts';
import type { CardProblems, NewCard } from './card-form.tsx';
import { gatewayProblems } from './gateway-problems.ts';

/**
 * The card a pay-in (a transfer's payment, a top-up) is made with: a new
 * card's single-use token (sandbox) or encrypted fields (Adyen), or a saved card.
 */
export type PayinCard = { card_token: string } | { card_fields: AdyenCardFields } | { saved_card_id: string };

/** A new card made ready for a pay-in, or why it is not. */
export type NewCardReady =
  /** the gateway refused the card's details: the form shows them on their fields */
  | { refused: CardProblems }
  /** the card as far as it got (keep it, so a retry does not tokenize again), and what stopped it, if anything */
  | { card: PayinCard; failed?: 'network' | 'shown' }
  /** nothing reached the gateway */
  | { card?: undefined; failed: 'network' };

/**
 * A new card for a pay-in: tokenized at the gateway (unless `earlier`, the
 * attempt's card, already is), then, with the customer's consent, saved, so
 * the pay-in uses the saved card. A refusal our API explains is shown in the
 * error modal (`failed: 'shown'`); no answer at all is `failed: 'network'`.
 */
export async function readyNewCard(card: NewCard, save: boolean, earlier?: PayinCard): Promise<NewCardReady> {
  let chosen = earlier;
  if (!chosen && card.gateway === 'adyen') chosen = { card_fields: card.fields };
  if (!chosen && card.gateway === 'sandbox') {
    try {
      chosen = { card_token: (await tokenizeCard(card.tokensUrl, card.card)).token };
    } catch (error) {
      const refused = error instanceof ApiFailure ? gatewayProblems(error) : undefined;
      return refused ? { refused } : { failed: 'network' };
    }
  }
  if (!chosen) return { failed: 'network' };
  if (save && !('saved_card_id' in chosen)) {
    try {
      // kept at the gateway with the customer's consent; the pay-in then uses the saved card
      const body =
        'card_token' in chosen ? { single_use_token: chosen.card_token } : { card_fields: chosen.card_fields };
      const saved = await call(savedCardCalls.addCard, { body });
      chosen = { saved_card_id: saved.card_id };
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.status === 0) return { card: chosen, failed: 'network' };
      showErrorModal(error);
      return { card: chosen, failed: 'shown' };
    }
  }
  return { card: chosen };
}
