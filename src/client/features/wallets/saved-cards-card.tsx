import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { savedCardCalls } from '../../../domain/contract/wallets/saved-cards.ts';
import type { SavedCard } from '../../../domain/contract/wallets.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { brandName } from '../../lib/card-payment/saved-card-name.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import styles from './wallets.module.css';

/** The customer's saved cards (SPEC §2 Wallet: cards), each with its expiry and a way to delete it. */
export function SavedCardsCard() {
  const headingId = useId();
  const cards = useEndpoint(savedCardCalls.listCards, {});
  useHoldReveal(cards.status === 'loading');
  const { reason, actionProps } = useNetworkActions(cards.status === 'ready' && cards.offline);
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Your saved cards</Trans>
      </h2>
      {cards.status === 'ready' && cards.offline ? <OfflineNotice asOf={cards.asOf} /> : null}
      {reason}
      {cards.status === 'ready' ? (
        cards.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>You have no saved cards. You can save a card when you top up a wallet.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {cards.data.map((card) => (
              <SavedCardItem key={card.card_id} card={card} actionProps={actionProps} onDeleted={cards.reload} />
            ))}
          </ul>
        )
      ) : cards.status === 'failed' && isOffline(cards.error) ? (
        <OfflineNothingYet />
      ) : cards.status === 'failed' ? (
        <LoadFailed onRetry={cards.reload}>
          <Trans>We couldn't load your saved cards.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="circle">
          <Trans>Loading your saved cards…</Trans>
        </LoaderOverlay>
      )}
    </section>
  );
}

interface SavedCardItemProps {
  card: SavedCard;
  /** disables deleting while the cards shown are last-known (offline) */
  actionProps: NetworkActionProps;
  onDeleted: () => void;
}

function SavedCardItem({ card, actionProps, onDeleted }: SavedCardItemProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const name = `${brandName(card)} •••• ${card.last4}`;
  const remove = async () => {
    setBusy(true);
    try {
      await call(savedCardCalls.deleteCard, { body: { card_id: card.card_id } });
      onDeleted();
    } catch (error) {
      showErrorModal(error instanceof ApiFailure ? error : null);
      setBusy(false);
    }
  };
  return (
    <li className={styles.wallet}>
      <span>
        <span className={styles.walletName}>{name}</span>
        <span className={styles.muted}>
          {card.is_expired ? <Trans>Expired {card.expire}</Trans> : <Trans>Expires {card.expire}</Trans>}
        </span>
      </span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={busy}
        {...actionProps}
        aria-label={t`Delete ${name}`}
        onClick={() => void remove()}
      >
        <Trans>Delete</Trans>
      </button>
    </li>
  );
}
