import { regionNames } from './region-names.ts';

/**
 * Countries whose English name takes "the" inside a sentence: "a card issued in the United States", "in the
 * Philippines", "in the Cayman Islands"; not "in the Kenya".
 */
const ENGLISH_NAMES_WITH_THE: ReadonlySet<string> = new Set(
  'AE AX BQ BS CC CF CK DO FK FO GB GM HM IM IO KM KY MH MP MV NL PH PN PS SB SC TC TF UM US VG VI'.split(' '),
);

/**
 * A country's name as it stands inside a sentence of `locale` ("… issued in {country}"): English gives the names
 * that take it their "the"; Swedish and Somali names stand alone ("utfärdat i USA"). A name on its own (a list, a
 * label, after a colon) is `regionNames`'.
 */
export function countryInText(locale: string, code: string): string {
  const name = regionNames(locale).of(code);
  return locale.startsWith('en') && ENGLISH_NAMES_WITH_THE.has(code) ? `the ${name}` : name;
}
