import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { User } from '../../../domain/contract/user.ts';
import type { ContactKind } from '../../lib/one-time-code/code-refusals.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { InlineMessage } from '../../ui/inline-message.tsx';
import type { NetworkActionProps } from '../../ui/offline-notice.tsx';
import { ContactChangeDialog } from './contact-change-dialog.tsx';
import styles from './passkey-settings.module.css';

/**
 * The profile's e-mail and mobile number, each with a way to add or change
 * it (the password again, then a code to the new one).
 */
export function ContactSettings({
  user,
  actionProps,
  onChanged,
}: {
  user: User;
  actionProps: NetworkActionProps;
  /** after a change: the profile loads the customer afresh */
  onChanged: () => void;
}) {
  const headingId = useId();
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const [changed, setChanged] = useState<{ kind: ContactKind; to: string } | null>(null);
  const newContact = changed?.to;
  const rows: { kind: ContactKind; value: string | null }[] = [
    { kind: 'email', value: user.email },
    { kind: 'mobile', value: user.mobile },
  ];
  return (
    <section className={cardStyles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>E-mail and mobile number</Trans>
      </h2>
      {changed ? (
        <InlineMessage tone="news">
          <p>
            {changed.kind === 'email' ? (
              <Trans>Your e-mail address is now {newContact}.</Trans>
            ) : (
              <Trans>Your mobile number is now {newContact}.</Trans>
            )}
          </p>
        </InlineMessage>
      ) : null}
      <ul className={styles.list}>
        {rows.map(({ kind, value }) => (
          <li key={kind} className={styles.item}>
            <span>
              <span className={styles.name}>{kind === 'email' ? <Trans>E-mail</Trans> : <Trans>Mobile</Trans>}</span>
              <span className={styles.muted}>{value ?? <Trans>Not added yet</Trans>}</span>
            </span>
            <button
              type="button"
              className={buttonClass('secondary')}
              {...actionProps}
              onClick={() => {
                setChanged(null);
                setChanging(kind);
              }}
            >
              {kind === 'email' ? (
                value ? (
                  <Trans>Change e-mail</Trans>
                ) : (
                  <Trans>Add an e-mail</Trans>
                )
              ) : value ? (
                <Trans>Change mobile number</Trans>
              ) : (
                <Trans>Add a mobile number</Trans>
              )}
            </button>
          </li>
        ))}
      </ul>
      {changing ? (
        <ContactChangeDialog
          kind={changing}
          country={user.country}
          onClose={() => setChanging(null)}
          onChanged={(now) => {
            setChanging(null);
            setChanged({ kind: changing, to: (changing === 'email' ? now.email : now.mobile) ?? '' });
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
