import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../../src/server/db/connection.ts';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from '../../support/databases.ts';
import {
  acknowledgedLost,
  chargedButUnbooked,
  duplicates,
  halfWritten,
  openAttempts,
  outboxBehind,
  signUpsUnsent,
} from './crash-checks.ts';
import { firstMessage, newCustomer, startLoad, startSignUp } from './load.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/**
 * The server is killed (SIGKILL) in the middle of sign-ups, transfers and
 * card payments, then started again on the same database. Nothing it
 * acknowledged may be lost, no ledger transaction may be half-written, every
 * charge the gateway made must be booked by the server itself (no customer
 * comes back to retry), and the outbox must move on, doing nothing twice.
 */

const RECONCILE_SECONDS = 2;
const SERVER_ENV = {
  SANDBOX: 'true',
  // the load's customers sign up from their own (simulated) addresses; see deviceAddress in load.ts
  TRUSTED_PROXY_HOPS: '1',
  // the load is the proxy here: it names each caller's address in X-Forwarded-For
  TRUSTED_PROXY_ADDRESSES: '127.0.0.1 ::1',
  PAYMENT_RECONCILE_SECONDS: String(RECONCILE_SECONDS),
  // the gateway's answer takes 500 ms to come back, so charged payments are on their way when the kill comes
  SANDBOX_GATEWAY_LATENCY_MS: '500',
  PAYOUT_STEP_SECONDS: '1',
  // the outbox lease is the default's: the killed worker's events must be taken over within 5 s of the restart
};
/** how soon after the restart every event the killed worker held must have been taken over and done */
const TAKEOVER_MS = 5_000;
const CUSTOMERS = 8;
/** how long after the server is back its due work may take (the reconcile delay, a poll, a margin) */
const SETTLE_MS = RECONCILE_SECONDS * 1000 + 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The database the server runs on, and a way for the test to read it while no server does. */
interface Target {
  env: Record<string, string>;
  /** run `read` on the database as the kill left it, leaving the files the server restarts on untouched */
  atKill<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** run `read` on the database once the server has stopped */
  read<T>(read: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function withPglite<T>(dataDir: string, read: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function targetFor(kind: DatabaseKind): Promise<Target> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    return {
      env: { DATABASE_URL: database.url as string },
      atKill: (read) => read(database.db),
      read: (read) => read(database.db),
      close: () => database.close(),
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-crash-'));
  const dataDir = join(folder, 'data');
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    // opening the directory itself would recover it in this process; the restarted server must do that
    async atKill(read) {
      const copy = join(folder, `at-kill-${randomUUID()}`);
      cpSync(dataDir, copy, { recursive: true });
      return withPglite(copy, read);
    },
    read: (read) => withPglite(dataDir, read),
    close: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The end of the latest lease the killed worker held: another worker may take those events only then. */
async function leasesEnd(db: Db): Promise<number> {
  const { rows } = await sql<{ until: Date | null }>`
    select max(locked_until) as until from outbox_events where status = 'pending'`.execute(db);
  return rows[0]?.until?.getTime() ?? 0;
}

/** The events a worker holds (claimed, not finished). */
async function claimedEvents(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox_events')
    .select('id')
    .where('status', '=', 'pending')
    .where('locked_by', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * How long after `back` the last of `ids` was done (the restarted server's outbox took each over and ran it),
 * and how many are not done.
 */
async function takeover(db: Db, ids: string[], back: number): Promise<{ lastDoneMs: number; notDone: number }> {
  if (ids.length === 0) return { lastDoneMs: 0, notDone: 0 };
  const rows = await db.selectFrom('outbox_events').select(['status', 'processed_at']).where('id', 'in', ids).execute();
  const done = rows.filter((row) => row.status === 'done' && row.processed_at);
  const lastDoneMs = Math.max(0, ...done.map((row) => (row.processed_at as Date).getTime() - back));
  return { lastDoneMs, notDone: ids.length - done.length };
}

describe.each(DATABASE_KINDS)('a server killed in the middle of a load on %s', (kind) => {
  const port = 18_491 + DATABASE_KINDS.indexOf(kind);

  it('keeps what it acknowledged, books every charge within seconds of coming back, and resumes its outbox', async () => {
    const target = await targetFor(kind);
    const env = { ...SERVER_ENV, ...target.env };
    let server: ServerProcess | undefined;
    try {
      server = await startServer(port, env);
      const { base } = server;
      const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => newCustomer(base)));
      const load = startLoad(base, customers);
      await until(() => load.acknowledged.payments.length >= 12 && load.paysInFlight() >= 5, 30_000, 'payments');
      if (kind === 'postgres') {
        // the kill comes while the outbox holds events (PostgreSQL can be read beside the server; PGlite cannot)
        const deadline = Date.now() + 30_000;
        while ((await target.atKill(claimedEvents)).length === 0 && Date.now() < deadline) await sleep(5);
      }
      const paysInFlightAtKill = load.paysInFlight();
      await server.kill();
      await load.stop();
      const { acknowledged } = load;

      const atKill = await target.atKill(async (db) => ({
        chargedButUnbooked: await chargedButUnbooked(db),
        openAttempts: await openAttempts(db),
        leasesEnd: await leasesEnd(db),
        claimed: await claimedEvents(db),
      }));

      server = await startServer(port, env);
      const back = Date.now();
      const probe = `crash-probe-${randomUUID()}@example.test`;
      expect((await startSignUp(server.base, probe)).status).toBe(201);
      const outboxMovingMs = (await firstMessage(server.base, probe)).at - back;
      // the events the dead worker held wait for their lease; everything else is due at once
      await sleep(Math.max(back + SETTLE_MS, atKill.leasesEnd + 3000) - Date.now());
      await server.stop();
      const settledBy = new Date(Date.now() - 3000);

      const figures = await target.read(async (db) => ({
        acknowledgedTransfers: acknowledged.transfers.length,
        acknowledgedPayments: acknowledged.payments.length,
        acknowledgedSignUps: acknowledged.signUps.length,
        paysInFlightAtKill,
        lost: await acknowledgedLost(db, acknowledged),
        halfWritten: await halfWritten(db),
        chargedButUnbookedAtKill: atKill.chargedButUnbooked,
        openAttemptsAtKill: atKill.openAttempts,
        chargedButUnbooked: await chargedButUnbooked(db),
        openAttempts: await openAttempts(db),
        outboxMovingMs,
        claimedAtKill: atKill.claimed.length,
        ...(await takeover(db, atKill.claimed, back)),
        outboxBehind: await outboxBehind(db, settledBy),
        signUpsUnsent: await signUpsUnsent(db, acknowledged),
        duplicates: await duplicates(db),
      }));
      console.info(`crash test on ${kind}: ${JSON.stringify(figures)}`);
      if (figures.outboxBehind > 0) {
        const behind = await target.read((db) =>
          db
            .selectFrom('outbox_events')
            .select(['topic', 'status', 'attempts', 'last_error', 'available_at', 'created_at', 'processed_at'])
            .where((eb) =>
              eb.or([
                eb('status', '=', 'dead'),
                eb.and([eb('status', '=', 'pending'), eb('available_at', '<', settledBy)]),
              ]),
            )
            .execute(),
        );
        console.info(`outbox behind on ${kind} (back at ${new Date(back).toISOString()}): ${JSON.stringify(behind)}`);
      }

      expect(figures.acknowledgedPayments).toBeGreaterThanOrEqual(12);
      expect(figures).toMatchObject({
        lost: 0,
        halfWritten: 0,
        chargedButUnbooked: 0,
        openAttempts: 0,
        outboxBehind: 0,
        signUpsUnsent: 0,
        duplicates: 0,
      });
      expect(figures.outboxMovingMs).toBeLessThan(5000);
      // every event the killed worker held was taken over and done within 5 s of the restart, each once (duplicates)
      if (kind === 'postgres') expect(figures.claimedAtKill).toBeGreaterThan(0);
      expect(figures.notDone).toBe(0);
      expect(figures.lastDoneMs).toBeLessThan(TAKEOVER_MS);
    } finally {
      await server?.kill();
      await target.close();
    }
    // two server starts (each waits up to 120 s for tsx on a busy machine) around a load of about 30 s
  }, 300_000);
});
