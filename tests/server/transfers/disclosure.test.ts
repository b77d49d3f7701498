import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE } from '../beneficiaries/beneficiary-fixtures.ts';
import {
  API,
  awaitingTransfer,
  details,
  FROM_US_TO_KENYA_MOBILE,
  homeCard,
  payWith,
  type Sender,
  sender,
  TO_KENYA_MOBILE,
} from './transfer-fixtures.ts';

const FROM_SWEDEN_TO_KENYA_MOBILE = { ...TO_KENYA_MOBILE, source_country_iso2: 'SE', amount: '1000.00' };
const HOUR_MS = 3_600_000;

describe.each(DATABASE_KINDS)('the pre-payment disclosure on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { cancellationRightSeconds: 1800 });
  });
  afterAll(() => t.close());

  const disclosure = (s: Sender, ref: string) =>
    t.call('GET', `${API}/remit/transaction/${ref}/disclosure`, { token: s.token });

  it('shows an EEA sender the conversion charge over the euro reference rate, in percent and in money', async () => {
    const s = await sender(t, KENYA_MOBILE, FROM_SWEDEN_TO_KENYA_MOBILE);
    const ref = await awaitingTransfer(t, s);
    const transfer = (await details(t, s.token, ref)).body.data;
    const res = await disclosure(s, ref);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // SEK→KES through the euro: 140.76 / 11.3043 = 12.45189883 (truncated); our 12.302499 is 1.20 % below: 1000.00 SEK × 0.14939983 / 12.45189883 = 12.00 SEK
    expect(transfer.rate).toBe('12.302499');
    expect(res.body.data).toEqual({
      kind: 'eea_conversion_markup',
      markup_percent: '1.2',
      markup_amount: '12.00',
      source_currency: 'SEK',
      reference_rate: '12.45189883',
      reference_date: '2026-11-20',
    });
  });

  it('shows a US sender the amounts, rate, date available and the cancellation right, before and after paying', async () => {
    const s = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const ref = await awaitingTransfer(t, s);
    const before = await disclosure(s, ref);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const transfer = (await details(t, s.token, ref)).body.data;
    const figures = {
      kind: 'us_remittance',
      source_currency: 'USD',
      dest_currency: 'KES',
      send_amount: '100.00',
      fees: transfer.fees,
      total: transfer.total,
      rate: transfer.rate,
      receive_amount: transfer.receive_amount,
      cancellation_seconds: 1800,
    };
    expect(before.body.data).toEqual({ ...figures, available_by: expect.any(String) });
    expect(Date.parse(before.body.data.available_by) - t.clock.now().getTime()).toBe(HOUR_MS);

    expect((await payWith(t, s, ref, homeCard(s))).body.data.status).toBe('APPROVED');
    const funded = Date.parse((await details(t, s.token, ref)).body.data.funded_at);
    t.clock.advance(10 * 60_000);
    // once paid, the money is available by the delivery time after payment, not after now
    const after = (await disclosure(s, ref)).body.data;
    expect(after).toEqual({ ...figures, available_by: new Date(funded + HOUR_MS).toISOString() });
  });

  it('shows anyone else nothing, and a stranger’s transfer is not found', async () => {
    const gb = await sender(t);
    const ref = await awaitingTransfer(t, gb);
    expect((await disclosure(gb, ref)).body).toEqual({ data: { kind: 'none' } });
    const stranger = await sender(t);
    const res = await disclosure(stranger, ref);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
  });
});
