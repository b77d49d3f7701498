import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { KENYA_MOBILE_QUOTE } from '../../support/fx-rate-options.ts';
import { countTableWrites, type WriteCounts } from '../../support/table-writes.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const FX_RATES = '/api/main/api/v2/fx-rates?source_country_iso2=GB';
const SAVE_QUOTE = '/api/main/remit/remittance/save-quote';
const QUOTE = KENYA_MOBILE_QUOTE;

/** Rows written per table between two readings, tables with none left out. */
function rowsWritten(before: WriteCounts, after: WriteCounts): Record<string, number> {
  const written: Record<string, number> = {};
  for (const [table, writes] of after) {
    const n = writes - (before.get(table) ?? 0);
    if (n > 0) written[table] = n;
  }
  return written;
}

/**
 * The quote calls are the hottest of the API, and on PGlite every commit is a
 * turn of its one connection (and, on a data directory, a flush to disk): a
 * rate read writes nothing, and neither does a quote (it is a signed token).
 */
describe.each(DATABASE_KINDS)('what the quote calls write on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let writes: () => Promise<WriteCounts>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await signedInCustomer(t, 'cus_hot_path', 'GB');
    writes = await countTableWrites(t.deps.db);
  });
  afterAll(() => t.close());

  it('reading rates writes nothing', async () => {
    const before = await writes();
    for (let i = 0; i < 5; i++) expect((await t.call('GET', FX_RATES, { token })).status).toBe(200);
    expect(rowsWritten(before, await writes())).toEqual({});
  });

  it('a session in use slides its expiry with one write a minute, not one per call', async () => {
    t.clock.advance(61_000);
    const before = await writes();
    for (let i = 0; i < 5; i++) expect((await t.call('GET', FX_RATES, { token })).status).toBe(200);
    expect(rowsWritten(before, await writes())).toEqual({ sessions: 1 });
  });

  it('saving a quote writes nothing: the quote is its signed id until a transfer takes it', async () => {
    const before = await writes();
    for (let i = 0; i < 3; i++) expect((await t.call('POST', SAVE_QUOTE, { token, body: QUOTE })).status).toBe(201);
    expect(rowsWritten(before, await writes())).toEqual({});
  });
});
