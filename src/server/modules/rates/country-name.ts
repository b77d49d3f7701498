const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166-1 alpha-2 country, for server messages ("KE" → "Kenya"). */
export function countryName(iso2: string): string {
  return names.of(iso2) ?? iso2;
}
