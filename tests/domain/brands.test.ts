import { describe, expect, it } from 'vitest';
import { brandFor } from '../../src/domain/brands.ts';
import { legalNotice } from '../../src/domain/legal-notice.ts';

describe('brandFor', () => {
  it('is Sarraf US for the US, in every state, and Sarraf everywhere else', () => {
    expect(brandFor(legalNotice('US', 'MN').region)).toEqual({
      project: 'sarraf-us',
      name: 'Sarraf US',
      logo: { word: 'Sarraf', tag: 'US' },
    });
    expect(brandFor(legalNotice('us', null).region).project).toBe('sarraf-us');
    for (const country of ['GB', 'SE', 'CA', 'NO', 'KE', null]) {
      expect(brandFor(legalNotice(country).region), String(country)).toEqual({
        project: 'sarraf',
        name: 'Sarraf',
        logo: { word: 'Sarraf', tag: null },
      });
    }
  });
});
