import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/server/clock.ts';
import { ApiError } from '../../../src/server/http/api-error.ts';
import { parseEcbDailyTable } from '../../../src/server/providers/fx-rates/ecb-daily-table.ts';
import { ecbReferenceRates } from '../../../src/server/providers/fx-rates/ecb-reference-rates.ts';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { ECB_TABLE, ecbDailyXml, LocalEcb } from '../../support/local-ecb.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { SOMALIA_CASH } from '../beneficiaries/beneficiary-fixtures.ts';
import { API, awaitingTransfer, sender, TO_SOMALIA_CASH } from '../transfers/transfer-fixtures.ts';

const HOUR_MS = 3_600_000;
const NEXT_DAY = { date: '2026-11-30', perEuro: { ...ECB_TABLE.perEuro, USD: '1.0561', SEK: '11.4655' } };

/** Documents that are not the ECB's daily table as published, each refused whole. */
const MALFORMED: Record<string, string> = {
  'a maintenance page': '<html><body>Service temporarily unavailable</body></html>',
  'another namespace': ecbDailyXml(ECB_TABLE).replace('2002-08-01/eurofxref', '2002-08-01/other'),
  'no namespaces': ecbDailyXml(ECB_TABLE).replace(/ xmlns(:gesmes)?="[^"]*"/g, ''),
  'a rate that is no number': ecbDailyXml(ECB_TABLE).replace("rate='1.0547'", "rate='n/a'"),
  'a negative rate': ecbDailyXml(ECB_TABLE).replace("rate='1.0547'", "rate='-1.0547'"),
  'a rate in exponent form': ecbDailyXml(ECB_TABLE).replace("rate='1.0547'", "rate='1.0547e0'"),
  'a zero rate': ecbDailyXml(ECB_TABLE).replace("rate='1.0547'", "rate='0.0000'"),
  'a currency twice': ecbDailyXml(ECB_TABLE).replace("currency='JPY'", "currency='USD'"),
  'a day that is no date': ecbDailyXml(ECB_TABLE).replace("time='2026-11-27'", "time='2026-11-31'"),
  'two days': ecbDailyXml(ECB_TABLE).replace(/\t\t<Cube time=[\s\S]*?\t\t<\/Cube>\n/, (day) => day + day),
  'no rates': ecbDailyXml({ date: ECB_TABLE.date, perEuro: {} }),
  'a cut-off document': ecbDailyXml(ECB_TABLE).slice(0, 600),
  'an entity': ecbDailyXml(ECB_TABLE).replace('Reference rates', 'Reference &amp; rates'),
  'a comment': ecbDailyXml(ECB_TABLE).replace('\t<Cube>', '\t<!-- rates -->\n\t<Cube>'),
};

describe('the ECB daily table, read strictly', () => {
  it('reads the published format into exact decimal strings, as the ECB wrote them', () => {
    const table = parseEcbDailyTable(ecbDailyXml(ECB_TABLE));
    expect(table).toEqual(ECB_TABLE);
    // trailing zeros and all: the text, never a float's rendering
    expect(table.perEuro.SEK).toBe('11.4870');
    expect(table.perEuro.IDR).toBe('16745.90');
    // double quotes read the same as the ECB's single ones
    expect(parseEcbDailyTable(ecbDailyXml(ECB_TABLE).replaceAll("'", '"'))).toEqual(ECB_TABLE);
  });

  it.each(Object.entries(MALFORMED))('refuses %s', (_, xml) => {
    expect(() => parseEcbDailyTable(xml)).toThrow();
  });
});

describe('REFERENCE_RATES=ecb', () => {
  let ecb: LocalEcb;
  let clock: ManualClock;
  const warnings: unknown[] = [];
  const logger = { info: () => {}, warn: (fields: unknown) => void warnings.push(fields) };
  beforeAll(async () => {
    ecb = await LocalEcb.start();
  });
  afterAll(() => ecb.close());
  beforeEach(() => {
    ecb.table = ECB_TABLE;
    ecb.body = undefined;
    ecb.status = 200;
    ecb.requests.length = 0;
    warnings.length = 0;
    clock = new ManualClock('2026-11-27T16:30:00Z');
  });

  it('fetches the table at the first need, answers from it until it is due, then fetches it again', async () => {
    const rates = ecbReferenceRates(ecb.settings(), clock, logger);
    expect(await rates.latestEuroRates()).toEqual(ECB_TABLE);
    clock.advance(HOUR_MS - 1);
    expect(await rates.latestEuroRates()).toEqual(ECB_TABLE);
    expect(ecb.requests).toEqual([{ method: 'GET', path: '/stats/eurofxref/eurofxref-daily.xml' }]);

    // due: this answer is the table there is, while the next day's is fetched
    ecb.table = NEXT_DAY;
    clock.advance(1);
    expect((await rates.latestEuroRates()).date).toBe(ECB_TABLE.date);
    await rates.refresh();
    expect(await rates.latestEuroRates()).toEqual(NEXT_DAY);
    expect(ecb.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the last good table when the feed is malformed, unreachable or older, and never goes back a day', async () => {
    const rates = ecbReferenceRates(ecb.settings(), clock, logger);
    await rates.refresh();
    for (const body of Object.values(MALFORMED)) {
      ecb.body = body;
      await expect(rates.refresh()).rejects.toThrow();
      expect(await rates.latestEuroRates()).toEqual(ECB_TABLE);
    }
    ecb.body = undefined;
    ecb.status = 503;
    await expect(rates.refresh()).rejects.toThrow('answered 503');
    ecb.status = 200;
    ecb.table = { ...ECB_TABLE, date: '2026-11-26' };
    await rates.refresh();
    expect(await rates.latestEuroRates()).toEqual(ECB_TABLE);

    // a due fetch that fails is logged, and the table there is still answers
    ecb.status = 500;
    clock.advance(HOUR_MS);
    expect(await rates.latestEuroRates()).toEqual(ECB_TABLE);
    await expect.poll(() => warnings.length).toBe(1);
  });

  it('answers 503 ServiceUnavailable while it has no table at all: a closed port, an error page, a malformed document', async () => {
    const closed = await LocalEcb.start();
    const url = closed.settings().url;
    await closed.close();
    const unreachable = ecbReferenceRates({ ...ecb.settings(), url }, clock, logger);
    for (const rates of [unreachable, ecbReferenceRates(ecb.settings(), clock, logger)]) {
      ecb.status = 502;
      const refused = await rates.latestEuroRates().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ type: 'ServiceUnavailable' });
    }
    ecb.status = 200;
    ecb.body = MALFORMED['a rate that is no number'];
    const malformed = ecbReferenceRates(ecb.settings(), clock, logger);
    await expect(malformed.latestEuroRates()).rejects.toMatchObject({ type: 'ServiceUnavailable' });
    ecb.body = undefined;
    expect(await malformed.latestEuroRates()).toEqual(ECB_TABLE);
  });
});

describe.each(DATABASE_KINDS)('REFERENCE_RATES=ecb behind the pre-payment disclosure on %s', (kind) => {
  let ecb: LocalEcb;
  let t: TestApp;
  beforeAll(async () => {
    ecb = await LocalEcb.start();
    t = await createTestApp(kind, { providers: { ...providerSettingsFrom({}), referenceRates: ecb.settings() } });
  });
  afterAll(async () => {
    await t.close();
    await ecb.close();
  });

  it("measures a Swedish sender's conversion charge against the ECB's day", async () => {
    const s = await sender(t, SOMALIA_CASH, { ...TO_SOMALIA_CASH, source_country_iso2: 'SE', amount: '1000.00' });
    const ref = await awaitingTransfer(t, s);
    const res = await t.call('GET', `${API}/remit/transaction/${ref}/disclosure`, { token: s.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // SEK→USD through the euro: 1.0547 / 11.4870 = 0.09181683 (truncated to 8 decimals)
    expect(res.body.data).toMatchObject({
      kind: 'eea_conversion_markup',
      source_currency: 'SEK',
      reference_rate: '0.09181683',
      reference_date: '2026-11-27',
    });
  });
});
