import styles from './wallet-flag.module.css';

/**
 * The flags of the wallet currencies' countries (country-flag-icons, 3:2), each its own small SVG file that the
 * browser fetches only when a wallet in that currency shows: emoji flags show as empty boxes on Linux and as letter
 * pairs on Windows. `wallet-flag.test.ts` keeps this list to every currency a wallet can exist in.
 */
const FLAGS = import.meta.glob<string>('/node_modules/country-flag-icons/3x2/{GB,EU,US,SE,DK,NO,PL,CA,CH}.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});

/** The flag's file, by a lower-case ISO 3166-1 code (`currencyFlagCode`); undefined for a flag not in the set. */
export function flagUrl(flagCode: string): string | undefined {
  return FLAGS[`/node_modules/country-flag-icons/3x2/${flagCode.toUpperCase()}.svg`];
}

/** The flag of a wallet's currency, decorative: the currency code beside it says it. None when there is no image. */
export function WalletFlag({ flagCode }: { flagCode: string }) {
  const url = flagUrl(flagCode);
  return url ? <img className={styles.flag} src={url} alt="" width={21} height={14} loading="lazy" /> : null;
}
