import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import styles from './screen-intro.module.css';

/** A screen's heading and one-line description. */
export function ScreenIntro({ heading, description }: { heading: MessageDescriptor; description: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <div className={styles.intro}>
      <h1>{i18n._(heading)}</h1>
      <p className={styles.description}>{i18n._(description)}</p>
    </div>
  );
}
