import { SOMALILAND_CITIES, SOMALILAND_COUNTRY, showsSomalilandCities } from '../../../domain/somaliland.ts';
import { regionNames } from '../../lib/region-names.ts';
import type { Destination } from './corridors.ts';

/** One entry of the destination picker: a country, or a Somaliland city paid out as Somalia. */
export interface DestinationChoice {
  /** unique in the list: the country code, or `SO:<city code>` */
  key: string;
  country: string;
  city?: string;
  label: string;
}

/** Whether `name` starts with `typed`, ignoring case and accents. */
function startsWith(name: string, typed: string, locale: string): boolean {
  return name.slice(0, typed.length).localeCompare(typed, locale, { sensitivity: 'base' }) === 0;
}

/**
 * The picker's entries for what the customer typed: the countries whose name
 * in the page's language, English name (many customers read the app in their
 * second language and know the country's name in English: "somali" in Somali
 * finds Soomaaliya) or ISO code starts with it, every country when nothing is typed, and
 * SPEC §3's 13 Somaliland cities while the text is a prefix of SOMALILAND
 * and Somalia is a destination.
 */
export function destinationChoices(
  destinations: readonly Destination[],
  search: string,
  locale: string,
  somalilandLabel: string,
): DestinationChoice[] {
  const typed = search.trim();
  const english = regionNames('en');
  const countries = destinations
    .filter(
      (d) =>
        typed === '' ||
        startsWith(d.name, typed, locale) ||
        startsWith(english.of(d.country), typed, 'en') ||
        d.country === typed.toUpperCase(),
    )
    .map((d) => ({ key: d.country, country: d.country, label: d.name }));
  const somalia = destinations.some((d) => d.country === SOMALILAND_COUNTRY);
  if (!somalia || !showsSomalilandCities(typed)) return countries;
  return [
    ...countries,
    ...SOMALILAND_CITIES.map((city) => ({
      key: `${SOMALILAND_COUNTRY}:${city.code}`,
      country: SOMALILAND_COUNTRY,
      city: city.code,
      label: `${city.name} (${city.code}), ${somalilandLabel}`,
    })),
  ];
}

/** The text the picker shows for a chosen destination. */
export function choiceLabel(
  destinations: readonly Destination[],
  value: { country: string; city?: string | undefined } | undefined,
  somalilandLabel: string,
): string {
  if (!value) return '';
  const city = value.city && SOMALILAND_CITIES.find((c) => c.code === value.city);
  if (city) return `${city.name} (${city.code}), ${somalilandLabel}`;
  return destinations.find((d) => d.country === value.country)?.name ?? '';
}
