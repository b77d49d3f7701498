import type { ReactNode } from 'react';
import styles from './inline-message.module.css';

/**
 * A message about the form or screen it sits in: an error is an alert
 * (announced at once), news is a status (announced politely).
 */
export function InlineMessage({ tone, children }: { tone: 'error' | 'news'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.message} ${styles[tone]}`}>
      {children}
    </div>
  );
}
