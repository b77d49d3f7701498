/**
 * Ledger throughput: two-posting wallet-to-wallet transfers through
 * postTransaction, against the same transfer written as hand-written SQL
 * (the ceiling), on the same fresh database with the same concurrency.
 *
 *   npx tsx scripts/bench/ledger.ts   (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL is set)
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { PLATFORM_OWNER } from '../../src/server/ledger/account-kinds.ts';
import { ensureAccount } from '../../src/server/ledger/accounts.ts';
import { newLedgerId } from '../../src/server/ledger/ledger-ids.ts';
import { postTransaction } from '../../src/server/ledger/post-transaction.ts';
import { createTestDatabase } from '../../tests/support/databases.ts';

export interface LedgerBenchResult {
  kind: 'pglite' | 'postgres';
  accounts: number;
  /** concurrent transactions in flight (PGlite serialises, so 1) */
  workers: number;
  /** measured seconds per path, in alternating one-second rounds */
  seconds: number;
  /** committed two-posting transfers per second through postTransaction */
  postingsPerSecond: number;
  /** the same transfers per second as hand-written SQL */
  rawSqlPerSecond: number;
  /** postingsPerSecond / rawSqlPerSecond */
  ratio: number;
}

interface BenchOptions {
  accounts?: number;
  workers?: number;
  seconds?: number;
}

/** Runs one SQL statement inside an open transaction. */
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
type InTransaction = (work: (query: Query) => Promise<void>) => Promise<void>;

const WALLET_FUNDS = 1_000_000_00n;

function randomPair(ids: readonly string[]): [string, string] {
  const a = Math.floor(Math.random() * ids.length);
  const b = (a + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
  return [ids[a] as string, ids[b] as string];
}

const randomAmount = (): bigint => BigInt(1 + Math.floor(Math.random() * 1000));

interface Tally {
  done: number;
  ms: number;
}

/** Runs `transfer` from `workers` loops for `seconds`, adding to the tally. */
async function measure(tally: Tally, workers: number, seconds: number, transfer: (n: string) => Promise<void>) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        await transfer(`${worker}-${n}`);
        tally.done += 1;
      }
    }),
  );
  tally.ms += performance.now() - started;
}

const perSecond = (tally: Tally): number => tally.done / (tally.ms / 1000);

/** The transfer as a hand-written ledger would write it: 2 locks, 2 updates, 1 transaction row, 2 postings. */
async function rawTransfer(query: Query, key: string, from: string, to: string, amount: bigint): Promise<void> {
  const [first, second] = from < to ? [from, to] : [to, from];
  const balances = new Map<string, bigint>();
  for (const id of [first, second]) {
    const [row] = await query('select balance from ledger_accounts where id = $1 for update', [id]);
    balances.set(id, BigInt(row?.balance as bigint));
  }
  const fromAfter = (balances.get(from) ?? 0n) - amount;
  const toAfter = (balances.get(to) ?? 0n) + amount;
  if (fromAfter < 0n) throw new Error('bench wallet ran dry');
  await query('update ledger_accounts set balance = balance + $2, version = version + 1 where id = $1', [
    from,
    -amount,
  ]);
  await query('update ledger_accounts set balance = balance + $2, version = version + 1 where id = $1', [to, amount]);
  const transactionId = newLedgerId('ltx');
  const hash = createHash('sha256').update(`${from}:${to}:${amount}`).digest('hex');
  await query(
    `insert into ledger_transactions (id, idempotency_key, request_hash, kind, reference)
     values ($1, $2, $3, 'transfer', $2)`,
    [transactionId, key, hash],
  );
  await query(
    `insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after)
     values ($1, $2, 'GBP', $3, $4), ($1, $5, 'GBP', $6, $7)`,
    [transactionId, from, -amount, fromAfter, to, amount, toAfter],
  );
}

/** Raw transactions straight on the driver: a pg pool of its own, or PGlite's own transaction. */
function rawTransactions(handle: DatabaseHandle, url: string | undefined, workers: number) {
  if (handle.kind === 'pglite' || !url) {
    const run: InTransaction = (work) =>
      handle.db
        .transaction()
        .execute((trx) =>
          work(
            async (text, params) =>
              (await trx.executeQuery(CompiledQuery.raw(text, params))).rows as Record<string, unknown>[],
          ),
        );
    return { run, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: url, max: workers });
  const run: InTransaction = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(async (text, params) => (await client.query(text, params)).rows);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  return { run, close: () => pool.end() };
}

export async function benchLedger(
  kind: 'pglite' | 'postgres',
  databaseUrl?: string,
  options: BenchOptions = {},
): Promise<LedgerBenchResult> {
  const accounts = options.accounts ?? 1000;
  const workers = kind === 'pglite' ? 1 : (options.workers ?? 8);
  const seconds = options.seconds ?? 4;
  if (kind === 'postgres' && !databaseUrl) throw new Error('the PostgreSQL ledger bench needs a database URL');
  const handle = await createTestDatabase(kind, {
    adminUrl: databaseUrl,
    poolSize: workers,
    namePrefix: 'sarraf_bench',
  });
  const raw = rawTransactions(handle, handle.url, workers);
  try {
    const { db } = handle;
    const card = await ensureAccount(db, { owner: PLATFORM_OWNER, kind: 'card_settlement', currency: 'GBP' });
    const wallets: string[] = [];
    for (let i = 0; i < accounts; i += 1) {
      wallets.push((await ensureAccount(db, { owner: `bench_${i}`, kind: 'customer_wallet', currency: 'GBP' })).id);
    }
    await db.transaction().execute((trx) =>
      postTransaction(trx, {
        idempotencyKey: 'bench-funding',
        kind: 'top_up',
        reference: 'bench',
        postings: [
          { accountId: card.id, amount: -WALLET_FUNDS * BigInt(accounts), currency: 'GBP' },
          ...wallets.map((accountId) => ({ accountId, amount: WALLET_FUNDS, currency: 'GBP' })),
        ],
      }),
    );

    const ledger = (phase: string) => (n: string) => {
      const [from, to] = randomPair(wallets);
      const amount = randomAmount();
      return db
        .transaction()
        .execute((trx) =>
          postTransaction(trx, {
            idempotencyKey: `${phase}-${n}`,
            kind: 'transfer',
            reference: `${phase}-${n}`,
            postings: [
              { accountId: from, amount: -amount, currency: 'GBP' },
              { accountId: to, amount, currency: 'GBP' },
            ],
          }),
        )
        .then(() => undefined);
    };
    const handWritten = (phase: string) => (n: string) => {
      const [from, to] = randomPair(wallets);
      return raw.run((query) => rawTransfer(query, `${phase}-${n}`, from, to, randomAmount()));
    };

    // Warm both paths (JIT, plan caches, pool connections), then alternate
    // short rounds so drifting machine load weighs on both alike.
    const warm: Tally = { done: 0, ms: 0 };
    await measure(warm, workers, 1, ledger('warm-ledger'));
    await measure(warm, workers, 1, handWritten('warm-raw'));
    const viaLedger: Tally = { done: 0, ms: 0 };
    const viaRaw: Tally = { done: 0, ms: 0 };
    for (let round = 0; round < seconds; round += 1) {
      await measure(viaLedger, workers, 1, ledger(`ledger-${round}`));
      await measure(viaRaw, workers, 1, handWritten(`raw-${round}`));
    }
    const postingsPerSecond = perSecond(viaLedger);
    const rawSqlPerSecond = perSecond(viaRaw);
    return {
      kind,
      accounts,
      workers,
      seconds,
      postingsPerSecond: Math.round(postingsPerSecond),
      rawSqlPerSecond: Math.round(rawSqlPerSecond),
      ratio: Math.round((postingsPerSecond / rawSqlPerSecond) * 100) / 100,
    };
  } finally {
    await raw.close();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const results = [await benchLedger('pglite')];
  if (url) results.push(await benchLedger('postgres', url));
  console.table(results);
}
