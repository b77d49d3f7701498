/**
 * API latency under a fixed arrival rate, against the built server
 * (dist-server/main.js) as a separate process on a fresh database: a signed-in
 * customer asks for rates (a cheap authenticated read) and for quotes
 * (POST save-quote: pricing and a signed token; nothing is written), beside
 * GET /healthz, which does no work and so shows what the machine adds.
 */
import { signUp } from './customer.ts';
import { type LoadResult, runLoad } from './http-load.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startBuiltServer, stopProcess, waitForHealth } from './server-process.ts';

export interface ApiBenchResult {
  database: 'pglite' | 'postgres';
  /** the same load on GET /healthz, which does no work: what the machine itself adds to every call */
  floor: LoadResult;
  fxRates: LoadResult;
  saveQuote: LoadResult;
}

/** The port the bench's server listens on: BENCH_API_PORT, or 8282. */
const PORT = Number(process.env.BENCH_API_PORT ?? 8282);
const base = `http://127.0.0.1:${PORT}`;

export async function benchApi(
  database: 'pglite' | 'postgres',
  options: { rate?: number; seconds?: number; adminUrl?: string } = {},
): Promise<ApiBenchResult> {
  const rate = options.rate ?? 500;
  const seconds = options.seconds ?? 10;
  let scratch: ScratchDatabase | undefined;
  if (database === 'postgres') {
    if (!options.adminUrl) throw new Error('a PostgreSQL URL is needed');
    scratch = await createScratchDatabase(options.adminUrl);
  }
  const child = await startBuiltServer(PORT, { DATABASE_URL: scratch?.url ?? '' });
  try {
    await waitForHealth(child, base);
    const token = await signUp(base);
    const headers = { 'x-auth-token': token };
    const fxRates = { method: 'GET', path: '/api/main/api/v2/fx-rates?source_country_iso2=GB', headers };
    const quoteBody = JSON.stringify({
      source_country_iso2: 'GB',
      destination_country_iso2: 'KE',
      payout_type: 'mobile',
      amount: '100.00',
      amount_type: 'SOURCE',
    });
    const saveQuote = {
      method: 'POST',
      path: '/api/main/remit/remittance/save-quote',
      headers,
      body: () => quoteBody,
    };
    const floor = { method: 'GET', path: '/healthz' };
    await runLoad(PORT, floor, 200, 2); // warm-up: JIT, plan caches
    await runLoad(PORT, fxRates, 200, 2);
    await runLoad(PORT, saveQuote, 200, 2);
    return {
      database,
      floor: await runLoad(PORT, floor, rate, seconds),
      fxRates: await runLoad(PORT, fxRates, rate, seconds),
      saveQuote: await runLoad(PORT, saveQuote, rate, seconds),
    };
  } finally {
    await stopProcess(child);
    await scratch?.drop();
  }
}
