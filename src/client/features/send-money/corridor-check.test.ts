import { describe, expect, it } from 'vitest';
import { KENYA_BANK, KENYA_MOBILE, SOMALIA_CASH } from '../../../../tests/support/fx-rate-options.ts';
import { corridorRefusal } from './corridor-check.ts';
import { destinationsOf, findOption } from './corridors.ts';

describe('corridor limits, before any quote is asked for', () => {
  it('refuses a send amount under the minimum or over the maximum', () => {
    expect(corridorRefusal(KENYA_MOBILE, 999n, 'SOURCE')).toMatchObject({
      kind: 'below_min',
      side: 'send',
      limit: 1000n,
    });
    expect(corridorRefusal(KENYA_MOBILE, 200001n, 'SOURCE')).toMatchObject({ kind: 'above_max', side: 'send' });
    expect(corridorRefusal(KENYA_MOBILE, 10000n, 'SOURCE')).toBeNull();
  });

  it('checks the side the typed amount converts to as well', () => {
    // 1,500 GBP is within the send limits, but 239,898.75 KES is over the 150,000 KES receive limit
    expect(corridorRefusal(KENYA_MOBILE, 150000n, 'SOURCE')).toMatchObject({
      kind: 'above_max',
      side: 'receive',
      limit: 15000000n,
      currency: 'KES',
    });
    expect(corridorRefusal(KENYA_MOBILE, 4999n, 'DESTINATION')).toMatchObject({ kind: 'below_min', side: 'receive' });
  });
});

describe('destinations', () => {
  it("groups the options by country in the locale's order, each default payout type first", () => {
    const destinations = destinationsOf([SOMALIA_CASH, KENYA_BANK, KENYA_MOBILE], 'en-GB');
    expect(destinations.map((d) => d.name)).toEqual(['Kenya', 'Somalia']);
    expect(destinations[0]?.options.map((o) => o.payout_type)).toEqual(['mobile', 'bank']);
    expect(destinationsOf([KENYA_MOBILE], 'sv')[0]?.name).toBe('Kenya');
    expect(findOption([KENYA_MOBILE, KENYA_BANK], { country: 'KE', payoutType: 'bank' })).toBe(KENYA_BANK);
    expect(findOption([KENYA_MOBILE], { country: 'KE', payoutType: 'cash' })).toBeUndefined();
  });
});
