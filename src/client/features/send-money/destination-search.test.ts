import { describe, expect, it } from 'vitest';
import type { Destination } from './corridors.ts';
import { destinationChoices } from './destination-search.ts';

/** The destinations as a Somali page names them. */
const IN_SOMALI: Destination[] = [
  { country: 'KE', name: 'Kenya', options: [] },
  { country: 'SE', name: 'Iswiidhan', options: [] },
  { country: 'SO', name: 'Soomaaliya', options: [] },
];
const countries = (typed: string) =>
  destinationChoices(IN_SOMALI, typed, 'so', 'Somaliland')
    .filter((choice) => choice.city === undefined)
    .map((choice) => choice.country);

describe('the destination picker’s search', () => {
  it('finds a country by its name in the page’s language, its English name or its ISO code', () => {
    expect(countries('soom')).toEqual(['SO']);
    expect(countries('swed')).toEqual(['SE']);
    expect(countries('iswi')).toEqual(['SE']);
    expect(countries('ke')).toEqual(['KE']);
    expect(countries('xyz')).toEqual([]);
  });

  it('finds Somalia by its English name, beside the Somaliland cities, on a Somali page', () => {
    const choices = destinationChoices(IN_SOMALI, 'somali', 'so', 'Somaliland');
    expect(choices[0]).toMatchObject({ country: 'SO', label: 'Soomaaliya' });
    expect(choices.filter((choice) => choice.city !== undefined)).toHaveLength(13);
  });
});
