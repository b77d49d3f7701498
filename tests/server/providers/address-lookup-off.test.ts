import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../../../src/server/config.ts';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(DATABASE_KINDS)('ADDRESS_LOOKUP=off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { providers: providerSettingsFrom({ ADDRESS_LOOKUP: 'off' }) });
  });
  afterAll(() => t.close());

  it('finds no address, still knows the provinces, and tells the browser there is no search', async () => {
    const token = await signedInCustomer(t, 'cus_no_lookup', 'CA');
    const found = await t.call('POST', '/api/main/verification/address-plain-lookup', {
      token,
      body: { query: '290 Bremner' },
    });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([]);
    const provinces = await t.call('GET', '/api/main/remit/options/get-provinces', { token });
    expect(provinces.body.data).toContainEqual({ code: 'ON', name: 'Ontario' });
    const providers = await t.call('GET', '/api/locator/client-providers');
    expect(providers.body.data.address_search_countries).toEqual([]);
  });
});

describe('ADDRESS_LOOKUP in production', () => {
  it('may be off (the customer types the address), never sandbox', () => {
    const problems = (value: string) =>
      productionProblems({
        ...loadConfig({ SARRAF_ENV: 'production' }),
        ...{ providers: providerSettingsFrom({ ADDRESS_LOOKUP: value }) },
      });
    expect(problems('off').some((line) => line.includes('ADDRESS_LOOKUP'))).toBe(false);
    expect(problems('sandbox')).toContain('ADDRESS_LOOKUP is sandbox: nothing would reach a real provider');
  });
});
