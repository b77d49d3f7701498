import { describe, expect, it } from 'vitest';
import { SOMALILAND_CITIES, showsSomalilandCities, somalilandCityName } from '../../src/domain/somaliland.ts';

describe('Somaliland in the destination picker (SPEC §3)', () => {
  it.each(['s', 'SOM', 'somali', 'Somalil', ' somaliland ', 'SOMALILAND'])('shows the cities for "%s"', (typed) => {
    expect(showsSomalilandCities(typed)).toBe(true);
  });

  it.each(['', '  ', 'somalia', 'somalilands', 'land', 'Hargeisa', 'ke'])('shows none for "%s"', (typed) => {
    expect(showsSomalilandCities(typed)).toBe(false);
  });

  it('has 13 cities with unique codes, named by their code', () => {
    expect(new Set(SOMALILAND_CITIES.map((city) => city.code)).size).toBe(13);
    expect(somalilandCityName('HGA')).toBe('Hargeisa');
    expect(somalilandCityName('MGQ')).toBeUndefined();
  });
});
