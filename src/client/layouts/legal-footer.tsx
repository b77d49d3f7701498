import { LegalLinks } from '../features/legal/legal-links.tsx';
import { LegalNoticeText } from '../features/legal/legal-notice-text.tsx';
import { useLegalContext } from '../features/legal/use-legal-notice.ts';
import styles from './legal-footer.module.css';

/**
 * The small footer: the terms, privacy and support links, and the regulatory
 * notice of the customer's region (their country and US state, or the
 * detected country before sign-in; SPEC §1).
 */
export function LegalFooter() {
  const { notice, legalCountry } = useLegalContext();
  return (
    <footer className={styles.footer}>
      <LegalLinks country={legalCountry} />
      <LegalNoticeText notice={notice} />
    </footer>
  );
}
