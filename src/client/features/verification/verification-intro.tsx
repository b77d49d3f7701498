import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { acceptedIdentityDocuments } from '../../../domain/identity-documents.ts';
import { countryInText } from '../../lib/country-in-text.ts';
import { residenceCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import { buttonClass } from '../../ui/button.ts';
import styles from './verification.module.css';
import { DOCUMENT_TYPE_TEXTS, TASK_TEXTS, WHEN_ASKED } from './verification-texts.ts';

/**
 * /verification, before signing in: what we will ask for and why, and the
 * identity documents accepted in the country the visitor chose.
 */
export function VerificationIntro() {
  const { i18n } = useLingui();
  const country = useAtomValue(residenceCountryAtom) ?? '';
  const countryName = countryInText(i18n.locale, country);
  const documents = acceptedIdentityDocuments(country);
  return (
    <div className={styles.intro}>
      <h1>
        <Trans>Verify your identity</Trans>
      </h1>
      <p className={styles.why}>
        <Trans>
          Before you send money we check who you are. Most customers only give their name, date of birth and address; we
          ask for a document only when records cannot confirm them.
        </Trans>
      </p>
      <ul className={styles.tasks}>
        {(['identity_checks', 'identity', 'address', 'source_of_funds'] as const).map((item) => (
          <li key={item} className={styles.task}>
            <h2 className={styles.taskTitle}>{i18n._(TASK_TEXTS[item].title)}</h2>
            <p className={styles.why}>{i18n._(WHEN_ASKED[item])}</p>
          </li>
        ))}
      </ul>
      <h2 className={styles.taskTitle}>
        <Trans>Identity documents we accept in {countryName}</Trans>
      </h2>
      <ul className={styles.accepted}>
        {documents.map((doc) => (
          <li key={doc.document_type}>{i18n._(DOCUMENT_TYPE_TEXTS[doc.document_type])}</li>
        ))}
      </ul>
      <Link to="/sign-up" className={buttonClass('primary')}>
        <Trans>Create an account</Trans>
      </Link>
    </div>
  );
}
