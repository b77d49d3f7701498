import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import type { SavedCard } from '../../../domain/contract/wallets.ts';
import { useHoldReveal } from '../../ui/loader-overlay.tsx';
import { useEndpoint } from '../api/use-endpoint.ts';
import styles from './saved-card-choice.module.css';
import { brandName } from './saved-card-name.ts';

/** The choice of paying with a card not saved yet. */
export const NEW_CARD = 'new';

/**
 * The customer's saved cards that have not expired, and the one chosen: the
 * first saved card until the customer picks another or a new card.
 */
export function useSavedCardChoice() {
  const cards = useEndpoint(savedCardCalls.listCards, {});
  useHoldReveal(cards.status === 'loading');
  const usable = cards.status === 'ready' ? cards.data.filter((card) => !card.is_expired) : [];
  const [picked, setPicked] = useState<string>();
  const cardId = picked ?? usable[0]?.card_id ?? NEW_CARD;
  return { loading: cards.status === 'loading', usable, cardId, pick: setPicked };
}

interface SavedCardChoiceProps {
  /** the radio group's name, one per form */
  name: string;
  usable: readonly SavedCard[];
  cardId: string;
  pick: (cardId: string) => void;
}

/** "Pay with": each saved card (brand, last four, expiry) or a new card. */
export function SavedCardChoice({ name, usable, cardId, pick }: SavedCardChoiceProps) {
  return (
    <fieldset className={styles.cardChoices}>
      <legend className={styles.legend}>
        <Trans>Pay with</Trans>
      </legend>
      {usable.map((card) => (
        <label key={card.card_id} className={styles.cardChoice}>
          <input type="radio" name={name} checked={cardId === card.card_id} onChange={() => pick(card.card_id)} />
          <span>
            {brandName(card)} •••• {card.last4}{' '}
            <span className={styles.muted}>
              <Trans>Expires {card.expire}</Trans>
            </span>
          </span>
        </label>
      ))}
      <label className={styles.cardChoice}>
        <input type="radio" name={name} checked={cardId === NEW_CARD} onChange={() => pick(NEW_CARD)} />
        <span>
          <Trans>A new card</Trans>
        </span>
      </label>
    </fieldset>
  );
}
