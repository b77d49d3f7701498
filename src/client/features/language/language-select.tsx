import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { isLocale, LOCALES } from '../../lib/i18n.ts';
import { changeLocale, LOCALE_ENDONYMS } from '../../lib/locale-preference.ts';
import { isAuthenticatedAtom } from '../../lib/session/session-atoms.ts';
import styles from './language-select.module.css';

/** The language selector of every layout's header; signed in, the choice is kept on the customer's profile too. */
export function LanguageSelect() {
  const { i18n } = useLingui();
  const id = useId();
  const signedIn = useAtomValue(isAuthenticatedAtom);

  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className={styles.select}
        value={i18n.locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLocale(next, signedIn);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_ENDONYMS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
