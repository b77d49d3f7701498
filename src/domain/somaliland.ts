/**
 * SPEC §3: Somaliland's cities, each with its code, join the destination
 * picker; Somaliland has no ISO code of its own, so a city is paid out as
 * Somalia (SO), in US dollars, by Somalia's corridors.
 */
export const SOMALILAND_COUNTRY = 'SO';

export const SOMALILAND_CITIES: readonly { code: string; name: string }[] = [
  { code: 'HGA', name: 'Hargeisa' },
  { code: 'BBO', name: 'Berbera' },
  { code: 'BUO', name: 'Burao' },
  { code: 'BOR', name: 'Borama' },
  { code: 'ERG', name: 'Erigavo' },
  { code: 'LAN', name: 'Las Anod' },
  { code: 'GBL', name: 'Gabiley' },
  { code: 'ZLA', name: 'Zeila' },
  { code: 'SHK', name: 'Sheikh' },
  { code: 'ODW', name: 'Oodweyne' },
  { code: 'BHD', name: 'Buhoodle' },
  { code: 'BKI', name: 'Baki' },
  { code: 'LGH', name: 'Lughaya' },
];

/** The name SPEC §3's prefix rule reads the search text against. */
const SOMALILAND = 'SOMALILAND';

/** SPEC §3: the cities join the picker while the search text (any case) is a prefix of SOMALILAND. */
export function showsSomalilandCities(search: string): boolean {
  const typed = search.trim().toUpperCase();
  return typed !== '' && SOMALILAND.startsWith(typed);
}

/** A Somaliland city's name by its code, or undefined for any other code. */
export function somalilandCityName(code: string): string | undefined {
  return SOMALILAND_CITIES.find((city) => city.code === code)?.name;
}
