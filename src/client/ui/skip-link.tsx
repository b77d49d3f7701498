import { Trans } from '@lingui/react/macro';
import styles from './skip-link.module.css';

/** First stop for keyboard users: jump past the header to the page's content. */
export function SkipLink() {
  return (
    <a href="#main" className={styles.skip}>
      <Trans>Skip to main content</Trans>
    </a>
  );
}
