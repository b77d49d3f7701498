/**
 * API latency under a fixed arrival rate, against the built server
 * (dist-server/main.js) as a separate process on a fresh database: a signed-in
 * customer asks for rates (a cheap authenticated read) and for quotes
 * (POST save-quote: pricing + one insert).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type LoadResult, runLoad } from './http-load.ts';
import { startBuiltServer, waitForHealth } from './server-process.ts';

export interface ApiBenchResult {
  database: 'pglite' | 'postgres';
  fxRates: LoadResult;
  saveQuote: LoadResult;
}

/** The port the bench's server listens on: BENCH_API_PORT, or 8282. */
const PORT = Number(process.env.BENCH_API_PORT ?? 8282);
const base = `http://127.0.0.1:${PORT}`;

async function json(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(parsed)}`);
  return parsed.data;
}

/** Sign up through the real flow, reading the code from the sandbox outbox. */
async function signUp(): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.test`;
  const sent = await json('POST', '/api/oauth/email/send', {
    email,
    password: 'bench1234',
    country: 'GB',
    accept_terms: true,
    accept_privacy: true,
  });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const messages = await json('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
    code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no sign-up code arrived');
  const checked = await json(
    'POST',
    '/api/oauth/email/check',
    { code },
    { authorization: `Bearer ${sent.registration_token}` },
  );
  return checked.token;
}

export async function benchApi(
  database: 'pglite' | 'postgres',
  options: { rate?: number; seconds?: number; adminUrl?: string } = {},
): Promise<ApiBenchResult> {
  const rate = options.rate ?? 500;
  const seconds = options.seconds ?? 10;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (database === 'postgres') {
    if (!options.adminUrl) throw new Error('a PostgreSQL URL is needed');
    dbName = `sarraf_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(options.adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const child = startBuiltServer(PORT, { DATABASE_URL: databaseUrl ?? '' });
  try {
    await waitForHealth(child, base);
    const token = await signUp();
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
    await runLoad(PORT, fxRates, 200, 2); // warm-up: JIT, plan caches
    await runLoad(PORT, saveQuote, 200, 2);
    return {
      database,
      fxRates: await runLoad(PORT, fxRates, rate, seconds),
      saveQuote: await runLoad(PORT, saveQuote, rate, seconds),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (dbName && options.adminUrl) {
      const admin = new pg.Client({ connectionString: options.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}
