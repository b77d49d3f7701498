import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../../../src/server/config.ts';
import { ConfigProblems, providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { type KnownAddress, LocalIdealPostcodes } from '../../support/local-ideal-postcodes.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SEARCH = '/api/main/verification/address-plain-lookup';
const DETAILS = '/api/main/verification/address-detail-lookup';

const ADDRESSES: KnownAddress[] = [
  {
    id: 'paf_23747771',
    udprn: 23_747_771,
    line_1: 'Prime Minister & First Lord of the Treasury',
    line_2: '10 Downing Street',
    line_3: '',
    post_town: 'London',
    postcode: 'SW1A 2AA',
    country: 'England',
    country_iso_2: 'GB',
  },
  {
    id: 'paf_8387729',
    udprn: 8_387_729,
    line_1: 'Flat 6',
    line_2: '12 Roskear',
    line_3: '',
    post_town: 'Camborne',
    postcode: 'TR14 8DN',
    country: 'England',
    country_iso_2: 'GB',
  },
  {
    id: 'paf_52254001',
    udprn: 52_254_001,
    line_1: '1 Royal Square',
    line_2: '',
    line_3: '',
    post_town: 'Jersey',
    postcode: 'JE2 4WA',
    country: 'Jersey',
    country_iso_2: 'JE',
  },
];

const UNAVAILABLE = {
  errors: [
    {
      type: 'urn:sarraf:error:ServiceUnavailable',
      message: 'Address search is not available right now. Enter your address yourself.',
      property_path: null,
    },
  ],
};

describe.each(DATABASE_KINDS)(
  'UK address search through ideal-postcodes (ADDRESS_LOOKUP=ideal-postcodes) on %s',
  (kind) => {
    let local: LocalIdealPostcodes;
    let t: TestApp;
    let british: string;
    beforeAll(async () => {
      local = await LocalIdealPostcodes.start();
      local.addresses = ADDRESSES;
      t = await createTestApp(kind, { providers: { ...loadConfig({}).providers, addressBook: local.settings() } });
      british = await signedInCustomer(t, `cus_ideal_gb_${kind}`, 'GB');
    });
    afterAll(async () => {
      await t.close();
      await local.close();
    });
    beforeEach(() => {
      local.failWith = undefined;
      local.requests.length = 0;
    });

    it('finds a British address and gives it whole, through requests the published description accepts', async () => {
      const found = await t.call('POST', SEARCH, { token: british, body: { query: 'downing sw1a' } });
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([
        {
          id: 'paf_23747771',
          text: 'Prime Minister & First Lord of the Treasury, 10 Downing Street, London, SW1A 2AA',
        },
      ]);
      const picked = await t.call('POST', DETAILS, { token: british, body: { id: 'paf_23747771' } });
      expect(picked.status).toBe(200);
      expect(picked.body.data).toEqual({
        street: 'Prime Minister & First Lord of the Treasury, 10 Downing Street',
        city: 'London',
        postcode: 'SW1A 2AA',
        province: null,
      });
      expect(local.requests.map(({ path, problems }) => ({ path, problems }))).toEqual([
        { path: '/v1/autocomplete/addresses', problems: [] },
        { path: '/v1/autocomplete/addresses/paf_23747771/gbr', problems: [] },
      ]);
      const [search, resolve] = local.requests;
      expect(Object.fromEntries(search?.query ?? [])).toEqual({
        api_key: local.apiKey,
        query: 'downing sw1a',
        limit: '10',
        context: 'gbr',
      });
      expect(Object.fromEntries(resolve?.query ?? [])).toEqual({ api_key: local.apiKey });
      // the browser offers the search to customers in Britain only
      const providers = await t.call('GET', '/api/locator/client-providers');
      expect(providers.body.data.address_search_countries).toEqual(['GB']);
    });

    it('answers 404 NotFound for an id the provider does not know, or an address outside Britain', async () => {
      for (const id of ['paf_99999999', 'paf_52254001']) {
        const res = await t.call('POST', DETAILS, { token: british, body: { id } });
        expect(res.status).toBe(404);
        expect(res.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
      }
      // an id that is no ideal-postcodes id is not sent on at all
      expect((await t.call('POST', DETAILS, { token: british, body: { id: '../keys/ak_x' } })).status).toBe(404);
      expect(local.requests.map((request) => request.problems)).toEqual([[], []]);
    });

    it('asks nothing for a customer outside Britain: no suggestions, and their ids are unknown', async () => {
      const swedish = await signedInCustomer(t, `cus_ideal_se_${kind}`, 'SE');
      const found = await t.call('POST', SEARCH, { token: swedish, body: { query: 'Drottninggatan' } });
      expect(found.status).toBe(200);
      expect(found.body.data).toEqual([]);
      expect((await t.call('POST', DETAILS, { token: swedish, body: { id: 'paf_23747771' } })).status).toBe(404);
      expect(local.requests).toEqual([]);
    });

    it('is 503 ServiceUnavailable in the error envelope when the provider refuses our key, is out of lookups or limits us', async () => {
      for (const failWith of [
        { status: 401, code: 4010, message: 'Invalid Key' },
        { status: 402, code: 4020, message: 'Token balance depleted' },
        { status: 429, code: 4290, message: 'Rate limit reached' },
        { status: 503, code: 5030, message: 'Service unavailable' },
      ]) {
        local.failWith = failWith;
        const res = await t.call('POST', SEARCH, { token: british, body: { query: 'Roskear' } });
        expect(res.status, JSON.stringify(failWith)).toBe(503);
        expect(res.body).toEqual(UNAVAILABLE);
        expect((await t.call('POST', DETAILS, { token: british, body: { id: 'paf_8387729' } })).body).toEqual(
          UNAVAILABLE,
        );
      }
      expect(local.requests.every((request) => request.problems.length === 0)).toBe(true);
    });
  },
);

describe('ideal-postcodes unreachable', () => {
  it('is 503 ServiceUnavailable, never a 500', async () => {
    const local = await LocalIdealPostcodes.start();
    const settings = local.settings();
    await local.close();
    const t = await createTestApp('pglite', { providers: { ...loadConfig({}).providers, addressBook: settings } });
    try {
      const token = await signedInCustomer(t, 'cus_ideal_away', 'GB');
      const res = await t.call('POST', SEARCH, { token, body: { query: 'Roskear' } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
    } finally {
      await t.close();
    }
  });
});

describe('ADDRESS_LOOKUP=ideal-postcodes settings', () => {
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      providerSettingsFrom(env);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigProblems);
      return (error as ConfigProblems).problems;
    }
  };

  it('needs the API key, and takes the base URL from IDEAL_POSTCODES_API_URL', () => {
    expect(problemsOf({ ADDRESS_LOOKUP: 'ideal-postcodes' })).toEqual([
      'IDEAL_POSTCODES_API_KEY must be set (the key ADDRESS_LOOKUP=ideal-postcodes searches with)',
    ]);
    expect(problemsOf({ ADDRESS_LOOKUP: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: 'ak key' })).toEqual([
      "IDEAL_POSTCODES_API_KEY must be an ideal-postcodes API key (letters, digits, '-' and '_'), e.g. ak_…",
    ]);
    expect(
      problemsOf({
        ADDRESS_LOOKUP: 'ideal-postcodes',
        IDEAL_POSTCODES_API_KEY: 'ak_x1',
        IDEAL_POSTCODES_API_URL: 'x/',
      }),
    ).toEqual([
      "IDEAL_POSTCODES_API_URL must be the API's base URL without a trailing slash, e.g. https://api.ideal-postcodes.co.uk/v1",
    ]);
    expect(
      providerSettingsFrom({ ADDRESS_LOOKUP: 'ideal-postcodes', IDEAL_POSTCODES_API_KEY: 'ak_live1' }).addressBook,
    ).toEqual({
      kind: 'ideal-postcodes',
      apiKey: 'ak_live1',
      apiBase: 'https://api.ideal-postcodes.co.uk/v1',
    });
  });

  it('is accepted in production over https, as a real provider', () => {
    const problems = (env: NodeJS.ProcessEnv) =>
      productionProblems({
        ...loadConfig({ SARRAF_ENV: 'production' }),
        providers: providerSettingsFrom({
          ADDRESS_LOOKUP: 'ideal-postcodes',
          IDEAL_POSTCODES_API_KEY: 'ak_live1',
          ...env,
        }),
      });
    expect(problems({}).filter((line) => line.includes('ADDRESS_LOOKUP') || line.includes('IDEAL'))).toEqual([]);
    expect(problems({ IDEAL_POSTCODES_API_URL: 'http://127.0.0.1:9/v1' })).toContain(
      'IDEAL_POSTCODES_API_URL must be https://',
    );
  });
});
