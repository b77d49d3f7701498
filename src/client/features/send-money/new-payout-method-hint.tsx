import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { enums } from 'superstruct';
import { newPayoutMethodHintLive } from '../../../domain/feature-flags.ts';
import { useClientFeatures } from '../../lib/client-features.ts';
import { NEW_PAYOUT_METHOD_HINT_KEY } from '../../lib/local-settings.ts';
import { persistedStringAtom } from '../../lib/persisted-atom.ts';
import { buttonClass } from '../../ui/button.ts';
import styles from './quote-form.module.css';

/** 'got-it' once dismissed on this device (localStorage: per device, not per customer). */
const hintDismissedAtom = persistedStringAtom(NEW_PAYOUT_METHOD_HINT_KEY, enums(['got-it'] as const), null);

/**
 * SPEC §2's new-feature hint: a card over the payout choices naming the new payout method (money straight to
 * the recipient's card), where the destination offers it. Shown before the deployment's cutoff day
 * (NEW_PAYOUT_METHOD_HINT_UNTIL, UTC) until the customer presses "Got it", which this device remembers.
 */
export function NewPayoutMethodHint() {
  const until = useClientFeatures().new_payout_method_hint_until;
  const [dismissed, setDismissed] = useAtom(hintDismissedAtom);
  const titleId = useId();
  if (dismissed || !newPayoutMethodHintLive(until, new Date().toISOString().slice(0, 10))) return null;
  return (
    <section className={styles.newFeature} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.newFeatureTitle}>
        <Trans>New: straight to their card</Trans>
      </h2>
      <p>
        <Trans>Your recipient can now be paid to their debit card, often within an hour. Choose Card below.</Trans>
      </p>
      <button type="button" className={buttonClass('secondary')} onClick={() => setDismissed('got-it')}>
        <Trans>Got it</Trans>
      </button>
    </section>
  );
}
