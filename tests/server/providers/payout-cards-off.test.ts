import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API } from '../beneficiaries/beneficiary-fixtures.ts';
import { TO_KENYA_MOBILE } from '../transfers/transfer-fixtures.ts';

describe.each(DATABASE_KINDS)('PAYOUT_CARDS=off on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { providers: providerSettingsFrom({ PAYOUT_CARDS: 'off' }) });
    token = await signedInCustomer(t, 'cus_no_card_payouts', 'GB');
  });
  afterAll(() => t.close());

  it('offers no card payout: not among the ways to receive, no card recipient form, no quote', async () => {
    // the corridor is there and active: only the missing card payout gateway keeps it from customers
    const corridor = await t.deps.db
      .selectFrom('corridors')
      .select('id')
      .where('source_country_iso2', '=', 'GB')
      .where('destination_country_iso2', '=', 'KE')
      .where('payout_type', '=', 'card')
      .where('active', '=', true)
      .executeTakeFirst();
    expect(corridor).toBeDefined();

    const options = await t.call('GET', `${API}/api/v2/fx-rates?source_country_iso2=GB`, { token });
    expect(options.status).toBe(200);
    const types = options.body.data.map((o: { payout_type: string }) => o.payout_type);
    expect(types).toContain('mobile');
    expect(types).toContain('bank');
    expect(types).not.toContain('card');
    const kenya = await t.call('POST', `${API}/remit/options/get-transaction-options`, {
      token,
      body: { destination_country_iso2: 'KE', payout_type: 'card' },
    });
    expect(kenya.status).toBe(400);

    const form = await t.call(
      'GET',
      `${API}/api/v1/schemas/beneficiary?destination_country=KE&payout_type=card&destination_currency=KES`,
      { token },
    );
    expect(form.status).toBe(404);
    const quote = await t.call('POST', `${API}/remit/remittance/save-quote`, {
      token,
      body: { ...TO_KENYA_MOBILE, payout_type: 'card' },
    });
    expect(quote.status).toBe(400);
    expect(quote.body.errors[0]).toMatchObject({ property_path: 'payout_type' });
  });
});
