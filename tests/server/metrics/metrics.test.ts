import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AREAS } from '../../../src/domain/contract/endpoints.ts';
import { ManualClock } from '../../../src/server/clock.ts';
import { inBackground } from '../../../src/server/db/background-work.ts';
import { UNMATCHED_ENDPOINT } from '../../../src/server/http/request-metrics.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { Metrics } from '../../../src/server/metrics/metrics.ts';
import { createMetricsServer } from '../../../src/server/metrics/metrics-server.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';
import { createTestAppOn, type TestApp } from '../../support/test-app.ts';
import { CARDS, details, drain, payWith, type Sender, sender } from '../transfers/transfer-fixtures.ts';

/** One sample of the exposition text: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key as string] = value as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The jobs' pool the test's PostgreSQL database opens, as the server's DATABASE_JOBS_POOL_SIZE does. */
const JOBS_POOL_SIZE = 2;

const ENTRY_NAMES = new Set(
  Object.entries(API_AREAS).flatMap(([area, table]) => Object.keys(table).map((name) => `${area}.${name}`)),
);

describe.each(DATABASE_KINDS)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let scrapeUrl: string;
  let close: () => Promise<void>;
  let s: Sender;
  let reference: string;
  /** what a label must never carry: the customer's address, ids, tokens, keys */
  const personal: string[] = [];

  beforeAll(async () => {
    // as the server opens PostgreSQL: the jobs with a pool of their own
    const database = await createTestDatabase(kind, { jobsPoolSize: JOBS_POOL_SIZE });
    t = await createTestAppOn(database, { metricsPort: 0 });
    const metrics = t.deps.metrics;
    if (!metrics) throw new Error('the app keeps no metrics with METRICS_PORT set');
    const server = createMetricsServer(metrics, t.deps.logger);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    scrapeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    close = async () => {
      server.close();
      await t.close();
      await database.close();
    };

    // real calls through the real app: a sign-up, a recipient, a quote, a transfer, a card payment, a read by reference
    s = await sender(t);
    const created = await t.call('POST', '/api/main/remit/transaction/create', {
      token: s.token,
      body: { quote_id: s.quoteId, beneficiary_id: s.beneficiaryId, purpose_of_transaction: 'family_support' },
      headers: { 'Idempotency-Key': 'metrics-key-0001' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    reference = created.body.data.trans_ref;
    expect((await payWith(t, s, reference, CARDS.approves)).body.data.status).toBe('APPROVED');
    expect((await details(t, s.token, reference)).status).toBe(200);
    // refusals: no session (401), a reference that is not the caller's (404), a path no entry has (404)
    expect((await details(t, '', reference)).status).toBe(401);
    expect((await details(t, s.token, 'SRF-NOT-MINE-42')).status).toBe(404);
    expect((await t.call('GET', '/api/main/remit/no-such-call/cus_personal_id_123')).status).toBe(404);
    personal.push(s.id, s.token, s.quoteId, s.beneficiaryId, reference, 'metrics-key-0001', 'SRF-NOT-MINE-42');
    personal.push('cus_personal_id_123');
  });
  afterAll(() => close());

  async function scrape(): Promise<Sample[]> {
    const res = await fetch(scrapeUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parse(await res.text());
  }
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))?.value;

  it('counts and times each call under its endpoint-table entry, never its path', async () => {
    const samples = await scrape();
    const requests = (labels: Record<string, string>) => value(samples, 'sarraf_http_requests_total', labels);
    expect(requests({ endpoint: 'quotes.saveQuote', method: 'POST', status: '201' })).toBe(1);
    expect(requests({ endpoint: 'transfers.createTransfer', method: 'POST', status: '201' })).toBe(1);
    expect(requests({ endpoint: 'transfers.payTransfer', method: 'POST', status: '200' })).toBe(1);
    // the read by reference, its refusal without a session and its 404 on another's reference: one entry name
    const readByReference = samples.filter(
      (x) => x.name === 'sarraf_http_requests_total' && x.labels.endpoint === 'transfers.getTransfer',
    );
    expect(Object.fromEntries(readByReference.map((x) => [x.labels.status, x.value]))).toEqual({
      '200': 1,
      '401': 1,
      '404': 1,
    });
    expect(requests({ endpoint: UNMATCHED_ENDPOINT, method: 'GET', status: '404' })).toBe(1);
    expect(
      value(samples, 'sarraf_http_request_duration_seconds_count', {
        endpoint: 'transfers.payTransfer',
        method: 'POST',
      }),
    ).toBe(1);
    expect(
      value(samples, 'sarraf_http_request_duration_seconds_bucket', {
        endpoint: 'transfers.payTransfer',
        method: 'POST',
        le: '+Inf',
      }),
    ).toBe(1);
    for (const sample of samples.filter((x) => x.labels.endpoint !== undefined)) {
      expect(sample.labels.endpoint === UNMATCHED_ENDPOINT || ENTRY_NAMES.has(sample.labels.endpoint as string)).toBe(
        true,
      );
    }
  });

  it('reports the outbox, pay-ins and ledger alerts from the database', async () => {
    let samples = await scrape();
    expect(value(samples, 'sarraf_payins', { purpose: 'transfer', status: 'APPROVED' })).toBe(1);
    expect(value(samples, 'sarraf_metrics_database_read_ok')).toBe(1);
    // the payment queued the payout (due now) and its reconciliation (later)
    expect(value(samples, 'sarraf_outbox_due_events')).toBeGreaterThan(0);
    expect(value(samples, 'sarraf_outbox_scheduled_events')).toBeGreaterThan(0);
    expect(value(samples, 'sarraf_outbox_oldest_due_age_seconds')).toBe(0);
    expect(value(samples, 'sarraf_outbox_dead_events')).toBe(0);

    // what is due waits: its age is the time since it fell due
    t.clock.advance(90_000);
    samples = await scrape();
    expect(value(samples, 'sarraf_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(90);

    await drain(t);
    const dead = await enqueue(t.deps.db, { topic: 'metrics.test', payload: {} }, t.clock);
    await t.deps.db.updateTable('outbox_events').set({ status: 'dead' }).where('id', '=', dead).execute();
    await t.deps.db
      .insertInto('ledger_alerts')
      .values({
        run_key: 'manual:metrics-test',
        kind: 'currency_unbalanced',
        subject: 'GBP',
        details: JSON.stringify({ sum: '1' }),
        created_at: t.clock.now(),
      })
      .execute();
    samples = await scrape();
    expect(value(samples, 'sarraf_outbox_dead_events')).toBe(1);
    expect(value(samples, 'sarraf_ledger_alerts', { kind: 'currency_unbalanced' })).toBe(1);
    // an alert older than a day is no longer counted
    t.clock.advance(25 * 60 * 60 * 1000);
    samples = await scrape();
    expect(value(samples, 'sarraf_ledger_alerts', { kind: 'currency_unbalanced' })).toBeUndefined();
  });

  it('reports the event-loop lag, and the pools on PostgreSQL', async () => {
    // the outbox's look for due jobs, made as the server's worker makes it: as background work, on the jobs' pool
    await inBackground(() => drain(t));
    const samples = await scrape();
    expect(value(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (kind === 'postgres') {
      // the calls' pool has served the calls above, the jobs' pool the outbox's jobs `drain` ran
      for (const pool of ['calls', 'jobs']) {
        expect(value(samples, 'sarraf_db_pool_connections', { pool, state: 'total' })).toBeGreaterThan(0);
        // a request waits while the pool opens a connection for it: the scrape's own read may
        expect(value(samples, 'sarraf_db_pool_connections', { pool, state: 'idle' })).toBeGreaterThanOrEqual(0);
        expect(value(samples, 'sarraf_db_pool_connections', { pool, state: 'waiting' })).toBeGreaterThanOrEqual(0);
      }
      expect(value(samples, 'sarraf_db_pool_max_connections', { pool: 'calls' })).toBe(10);
      expect(value(samples, 'sarraf_db_pool_max_connections', { pool: 'jobs' })).toBe(JOBS_POOL_SIZE);
    } else {
      expect(value(samples, 'sarraf_db_pool_connections', { state: 'total' })).toBeUndefined();
    }
  });

  it('carries no personal data in any label: no e-mail, id, token, key or reference', async () => {
    const res = await fetch(scrapeUrl);
    const text = await res.text();
    for (const secret of personal) expect(text).not.toContain(secret);
    for (const sample of parse(text)) {
      for (const label of Object.values(sample.labels)) {
        expect(label).not.toMatch(/@/);
        expect(label).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i); // a UUID
        expect(label).not.toMatch(/[A-Za-z0-9_-]{24,}/); // a token or a key
        expect(label).not.toMatch(/\//); // a path
      }
    }
  });

  it('answers nothing but GET /metrics on its port, and the app no /metrics at all', async () => {
    expect((await fetch(scrapeUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(scrapeUrl, { method: 'POST' })).status).toBe(404);
    expect((await t.call('GET', '/metrics')).status).toBe(404);
  });
});

describe('GET /metrics while the database is away', () => {
  it('still answers, with the process figures and the database read marked failed', async () => {
    const database = await createTestDatabase('pglite');
    const metrics = new Metrics({ db: database.db, clock: new ManualClock(), databaseFiguresMs: 0 });
    await database.close();
    const samples = parse((await metrics.scrape()).body);
    const value = (name: string) => samples.find((x) => x.name === name)?.value;
    expect(value('sarraf_metrics_database_read_ok')).toBe(0);
    expect(value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.some((x) => x.name === 'sarraf_payins')).toBe(false);
  });
});
