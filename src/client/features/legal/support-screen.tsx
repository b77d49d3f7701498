import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../../lib/config.ts';
import styles from './legal.module.css';

/** /support: how to reach a person, served by Sarraf itself; `chat` opens the support chat. */
export function SupportScreen({ chat }: { chat: ReactNode }) {
  const email = SUPPORT_EMAIL;
  return (
    <article className={styles.document}>
      <h1>
        <Trans>Support</Trans>
      </h1>
      <p>
        <Trans>
          Write to <a href={`mailto:${email}`}>{email}</a> and give your transfer's reference if your question is about
          one. We answer within one working day.
        </Trans>
      </p>
      <p className={styles.sample}>
        <Trans>This is the sandbox: messages to this address reach no one.</Trans>
      </p>
      <p>
        <Trans>Or chat with an agent who speaks English or Somali:</Trans>
      </p>
      <p>{chat}</p>
      <h2>
        <Trans>Before you write</Trans>
      </h2>
      <p>
        <Trans>
          Your transfers and their status are under Transfers once you sign in. A transfer not yet paid out can be
          cancelled there.
        </Trans>
      </p>
    </article>
  );
}
