import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type PasskeyView, passkeysApi } from '../../../domain/contract/passkeys.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { ProblemMessage } from '../../lib/forms/problem-message.tsx';
import type { Text } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { createPasskey, PasskeyCeremonyStopped, passkeysSupported } from '../../lib/passkeys/passkey-ceremony.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import styles from './passkey-settings.module.css';

/**
 * The profile's passkeys: each one the customer added, with when it was
 * added and last used and a way to remove it, and "Add a passkey" where the
 * browser can make one.
 */
export function PasskeySettings() {
  const headingId = useId();
  const passkeys = useEndpoint(passkeysApi.listPasskeys, {});
  const [problem, setProblem] = useState<Text | null>(null);
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setProblem(null);
    setAdded(false);
    setBusy(true);
    try {
      const options = await call(passkeysApi.registrationOptions);
      const credential = await createPasskey(options);
      await call(passkeysApi.addPasskey, { body: { credential } });
      setAdded(true);
      passkeys.reload();
    } catch (error) {
      if (error instanceof PasskeyCeremonyStopped) {
        setProblem(
          error.refusal === 'cancelled'
            ? msg`No passkey was added.`
            : msg`This device already holds a passkey for your account.`,
        );
      } else if (error instanceof ApiFailure && error.type === 'PasskeyNotVerified') {
        setProblem(msg`We couldn't add this passkey. Try again.`);
      } else {
        reportUnexpected(error, setProblem);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>Passkeys</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          A passkey lets you sign in with your fingerprint, face or screen lock instead of your password. It stays on
          your device.
        </Trans>
      </p>
      {passkeys.status === 'ready' ? (
        passkeys.data.length === 0 ? (
          <p>
            <Trans>You have no passkeys yet.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onRemoved={passkeys.reload} />
            ))}
          </ul>
        )
      ) : passkeys.status === 'failed' && isOffline(passkeys.error) ? (
        <p>
          <Trans>You're offline. Your passkeys show here when you're back online.</Trans>
        </p>
      ) : passkeys.status === 'failed' ? (
        <LoadFailed onRetry={passkeys.reload}>
          <Trans>We couldn't load your passkeys.</Trans>
        </LoadFailed>
      ) : (
        <LoaderOverlay type="circle">
          <Trans>Loading your passkeys…</Trans>
        </LoaderOverlay>
      )}
      {added ? (
        <InlineMessage tone="news">
          <p>
            <Trans>Your passkey was added. Next time, choose "Sign in with a passkey".</Trans>
          </p>
        </InlineMessage>
      ) : null}
      <ProblemMessage problem={problem} />
      {passkeysSupported() ? (
        <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void add()}>
          <Trans>Add a passkey</Trans>
        </button>
      ) : (
        <p className={styles.muted}>
          <Trans>This browser cannot use passkeys.</Trans>
        </p>
      )}
    </section>
  );
}

function PasskeyItem({ passkey, onRemoved }: { passkey: PasskeyView; onRemoved: () => void }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const date = dateFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const created = date.format(new Date(passkey.created_at));
  const lastUsed = passkey.last_used_at === null ? null : date.format(new Date(passkey.last_used_at));
  const remove = async () => {
    setBusy(true);
    try {
      await call(passkeysApi.removePasskey, { params: { id: passkey.id } });
      onRemoved();
    } catch (error) {
      reportUnexpected(error, () => undefined);
      setBusy(false);
    }
  };
  return (
    <li className={styles.item}>
      <span>
        <span className={styles.name}>
          {passkey.synced ? <Trans>Synced passkey</Trans> : <Trans>Passkey on one device</Trans>}
        </span>
        <span className={styles.muted}>
          <Trans>Added {created}</Trans>
        </span>
        <span className={styles.muted}>
          {lastUsed === null ? <Trans>Not used yet</Trans> : <Trans>Last used {lastUsed}</Trans>}
        </span>
      </span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={busy}
        aria-label={t`Remove the passkey added ${created}`}
        onClick={() => void remove()}
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}
