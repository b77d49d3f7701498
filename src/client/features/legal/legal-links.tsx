import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styles from './legal-links.module.css';

/** The footer's links to the terms, privacy policy and support pages of the customer's country. */
export function LegalLinks({ country }: { country: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Legal`} className={styles.links}>
      <Link to="/legal/$country/$document" params={{ country, document: 'terms-and-conditions' }}>
        <Trans>Terms and conditions</Trans>
      </Link>
      <Link to="/legal/$country/$document" params={{ country, document: 'privacy-policy' }}>
        <Trans>Privacy policy</Trans>
      </Link>
      <Link to="/support">
        <Trans>Support</Trans>
      </Link>
    </nav>
  );
}
