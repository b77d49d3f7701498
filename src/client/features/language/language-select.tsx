import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALES } from '../../lib/i18n.ts';
import styles from './language-select.module.css';
import { changeLocale, LOCALE_ENDONYMS } from './locale-preference.ts';

/** The language selector of every layout's header. */
export function LanguageSelect() {
  const { i18n } = useLingui();
  const id = useId();

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
          if (isLocale(next)) void changeLocale(next);
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
