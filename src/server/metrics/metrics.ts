import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connection.ts';

/** What the pool gauges read: pg's Pool has these (PGlite, one connection, has none). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number | undefined };
}

export interface MetricsSources {
  db: Db;
  clock: Clock;
  /** the calls' pool */
  pool?: PoolStats | undefined;
  /** the outbox's jobs' pool, when they have one of their own */
  jobsPool?: PoolStats | undefined;
  /**
   * How long the database figures (outbox, pay-ins, ledger alerts) are kept before a scrape reads them again:
   * every replica answers its own scrapes, so this bounds what scraping costs the database whatever the interval.
   */
  databaseFiguresMs?: number;
}

/** Seconds; a quote answers in milliseconds, an argon2 sign-in in a few hundred, a provider call in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics, in a registry of their own (not prom-client's global one: tests run many apps
 * in one process). Labels are names from fixed lists only — an endpoint-table entry, a method, a status code, a
 * table's status column, a ledger alert kind — never a path, an id, an address or anything a customer typed.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'endpoint' | 'method' | 'status'>;
  private readonly duration: Histogram<'endpoint' | 'method'>;
  private figures: Promise<DatabaseFigures | undefined> | undefined;
  private figuresAt = 0;
  private scraping: Promise<DatabaseFigures | undefined> | undefined;
  private readonly databaseUp: Gauge;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Counter({
      name: 'sarraf_http_requests_total',
      help: 'API calls answered, by endpoint-table entry (area.name), method and status code',
      labelNames: ['endpoint', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'sarraf_http_request_duration_seconds',
      help: 'Time from the request reaching the app to its answer, by endpoint-table entry',
      labelNames: ['endpoint', 'method'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.databaseUp = new Gauge({
      name: 'sarraf_metrics_database_read_ok',
      help: 'Whether the last read of the database figures below succeeded (0: they are as last read)',
      registers,
    });
    // one read serves every gauge of a scrape
    const figures = () => this.scraping ?? this.databaseFigures();
    for (const [name, help, key] of SCALAR_FIGURES) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const read = await figures();
          if (read) this.set(read[key]);
        },
      });
    }
    new Gauge({
      name: 'sarraf_payins',
      help: 'Pay-in attempts (card or bank link) by what they pay for and where they stand',
      labelNames: ['purpose', 'status'],
      registers,
      async collect() {
        const read = await figures();
        if (!read) return;
        this.reset();
        for (const row of read.payins) this.set({ purpose: row.purpose, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'sarraf_ledger_alerts',
      help: 'Problems the ledger reconciliation recorded in the last 24 hours, by kind',
      labelNames: ['kind'],
      registers,
      async collect() {
        const read = await figures();
        if (!read) return;
        this.reset();
        for (const row of read.ledgerAlerts) this.set({ kind: row.kind }, row.count);
      },
    });
    const pools = [
      ['calls', sources.pool],
      ['jobs', sources.jobsPool],
    ].filter((entry): entry is [string, PoolStats] => entry[1] !== undefined);
    if (pools.length > 0) {
      new Gauge({
        name: 'sarraf_db_pool_connections',
        help: "PostgreSQL pool connections by pool (the calls' or the jobs'): open (total), idle, and requests waiting for one",
        labelNames: ['pool', 'state'],
        registers,
        collect() {
          for (const [name, pool] of pools) {
            this.set({ pool: name, state: 'total' }, pool.totalCount);
            this.set({ pool: name, state: 'idle' }, pool.idleCount);
            this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
          }
        },
      });
      new Gauge({
        name: 'sarraf_db_pool_max_connections',
        help: 'The most connections each pool opens',
        labelNames: ['pool'],
        registers,
        collect() {
          for (const [name, pool] of pools) this.set({ pool: name }, pool.options.max ?? 10);
        },
      });
    }
  }

  /** One answered API call. */
  observe(endpoint: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ endpoint, method, status: String(status) });
    this.duration.observe({ endpoint, method }, seconds);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    this.scraping = this.databaseFigures();
    try {
      return { body: await this.registry.metrics(), contentType: this.registry.contentType };
    } finally {
      this.scraping = undefined;
    }
  }

  /** The database's figures, read at most once per `databaseFiguresMs`; undefined when the read failed. */
  private databaseFigures(): Promise<DatabaseFigures | undefined> {
    const now = Date.now();
    if (!this.figures || now - this.figuresAt >= (this.sources.databaseFiguresMs ?? 5_000)) {
      this.figuresAt = now;
      const read = readDatabaseFigures(this.sources.db, this.sources.clock.now()).then(
        (figures) => {
          this.databaseUp.set(1);
          return figures;
        },
        () => {
          // the database is away: the process metrics are still served, the figures keep their last values,
          // and the next scrape asks again
          this.databaseUp.set(0);
          if (this.figures === read) this.figures = undefined;
          return undefined;
        },
      );
      this.figures = read;
    }
    return this.figures;
  }
}

interface DatabaseFigures {
  outboxDue: number;
  outboxScheduled: number;
  oldestDueAgeSeconds: number;
  outboxDead: number;
  payins: { purpose: string; status: string; count: number }[];
  ledgerAlerts: { kind: string; count: number }[];
}

/** The database figures that are one number each: series name, help, field. */
const SCALAR_FIGURES: [string, string, 'outboxDue' | 'outboxScheduled' | 'oldestDueAgeSeconds' | 'outboxDead'][] = [
  [
    'sarraf_outbox_due_events',
    'Outbox events pending and due now (the backlog the workers have to clear)',
    'outboxDue',
  ],
  [
    'sarraf_outbox_scheduled_events',
    'Outbox events pending but not due yet (retries backing off, later jobs)',
    'outboxScheduled',
  ],
  [
    'sarraf_outbox_oldest_due_age_seconds',
    'How long the oldest due outbox event has been due (0 when none is)',
    'oldestDueAgeSeconds',
  ],
  ['sarraf_outbox_dead_events', 'Outbox events given up after their last attempt: each needs a person', 'outboxDead'],
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The database's figures in one transaction. Pending events come from the outbox's partial index; dead events
 * and pay-ins are counted whole (seconds of work on a table of millions: `databaseFiguresMs` bounds how often).
 */
async function readDatabaseFigures(db: Db, now: Date): Promise<DatabaseFigures> {
  return db.transaction().execute(async (trx) => {
    // a scrape never holds a connection long, whatever the tables' size
    await sql`set local statement_timeout = '2s'`.execute(trx);
    const outbox = await sql<{ due: number; scheduled: number; oldest_due: Date | null }>`
      select count(*) filter (where available_at <= ${now})::int as due,
             count(*) filter (where available_at > ${now})::int as scheduled,
             min(available_at) filter (where available_at <= ${now}) as oldest_due
        from outbox_events where status = 'pending'`.execute(trx);
    const dead = await sql<{ n: number }>`
      select count(*)::int as n from outbox_events where status = 'dead'`.execute(trx);
    const payins = await sql<{ purpose: string; status: string; count: number }>`
      select purpose, status, count(*)::int as count from payins group by purpose, status`.execute(trx);
    const alerts = await sql<{ kind: string; count: number }>`
      select kind, count(*)::int as count from ledger_alerts
       where created_at > ${new Date(now.getTime() - DAY_MS)} group by kind`.execute(trx);
    const row = outbox.rows[0];
    const oldestDue = row?.oldest_due ? new Date(row.oldest_due).getTime() : undefined;
    return {
      outboxDue: row?.due ?? 0,
      outboxScheduled: row?.scheduled ?? 0,
      oldestDueAgeSeconds: oldestDue === undefined ? 0 : Math.max(0, (now.getTime() - oldestDue) / 1000),
      outboxDead: dead.rows[0]?.n ?? 0,
      payins: payins.rows,
      ledgerAlerts: alerts.rows,
    };
  });
}
