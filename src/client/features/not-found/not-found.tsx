import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styles from './not-found.module.css';

/** The page of an address the app does not have. */
export function NotFoundContent() {
  return (
    <section className={styles.panel} aria-labelledby="not-found-title">
      <h1 id="not-found-title">
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/">
        <Trans>Go to the start page</Trans>
      </Link>
    </section>
  );
}
