import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { CardFields } from '../../lib/card-payment/card-fields.tsx';
import type { CardChoices, CardOutcome, NewCard } from '../../lib/card-payment/card-form.tsx';
import { NEW_CARD, SavedCardChoice, useSavedCardChoice } from '../../lib/card-payment/saved-card-choice.tsx';
import { buttonClass } from '../../ui/button.ts';
import styles from './payment.module.css';

interface CardChoiceProps {
  onNewCard: (card: NewCard, choices: CardChoices) => Promise<CardOutcome>;
  onSavedCard: (cardId: string) => Promise<unknown>;
  /** the customer changed the card: an earlier attempt no longer applies */
  onEdit: () => void;
}

/**
 * Pay by card: one of the customer's saved cards (the gateway keeps its
 * details, so nothing is typed again) or a new card, which may be saved.
 */
export function CardChoice({ onNewCard, onSavedCard, onEdit }: CardChoiceProps) {
  const { loading, usable, cardId, pick } = useSavedCardChoice();
  const [busy, setBusy] = useState(false);

  const paySaved = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSavedCard(cardId);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {usable.length > 0 ? (
        <form noValidate className={styles.method} onSubmit={(event) => void paySaved(event)}>
          <SavedCardChoice
            name="pay-card"
            usable={usable}
            cardId={cardId}
            pick={(picked) => {
              onEdit();
              pick(picked);
            }}
          />
          {cardId === NEW_CARD ? null : (
            <button type="submit" className={buttonClass('primary')} disabled={busy}>
              {busy ? <Trans>Paying…</Trans> : <Trans>Pay now</Trans>}
            </button>
          )}
        </form>
      ) : null}
      {cardId === NEW_CARD && !loading ? (
        <CardFields
          submitLabel={<Trans>Pay now</Trans>}
          busyLabel={<Trans>Paying…</Trans>}
          consent={<Trans>Save this card for future payments</Trans>}
          onCard={onNewCard}
          onEdit={onEdit}
        />
      ) : null}
    </>
  );
}
