import { Trans } from '@lingui/react/macro';
import { BRAND_NAME } from '../lib/brand.ts';
import styles from './legal-footer.module.css';

/**
 * The small footer with the regulatory notice. UK/EU customers are served by
 * e-money institutions, which is the notice shown here (SPEC §1).
 */
export function LegalFooter() {
  const brand = BRAND_NAME;
  return (
    <footer className={styles.footer}>
      <p>
        <Trans>
          In the United Kingdom, {brand} Payments Ltd is authorised by the Financial Conduct Authority under the
          Electronic Money Regulations 2011 for the issuing of electronic money and the provision of payment services.
        </Trans>
      </p>
      <p>
        <Trans>
          In the EU and EEA, {brand} Payments Europe is an electronic money institution authorised by its national
          competent authority. Funds held in your wallet are safeguarded and are not covered by a deposit guarantee
          scheme.
        </Trans>
      </p>
    </footer>
  );
}
