/**
 * The scale-out bench (`npm run bench -- --replicas`): the built server as one
 * and then two replicas on one PostgreSQL database of the bench's own
 * (created and dropped here), behind the bench's round-robin proxy
 * (`round-robin-proxy.ts`, in a process of its own, as Caddy would be).
 * Signed-in customers quote and create transfers (`transfer-calls.ts`),
 * closed loop, against one replica direct (so the proxy's own cost shows),
 * one behind the proxy, and two behind it. Then, with the two under a steady
 * open-loop load, one is killed (SIGKILL) mid-run: the calls that failed and
 * where, how soon the proxy stopped sending to it, the creates tried again
 * under their key, and whether every transfer is in the database once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { addRecipient, onboard, signUp } from './customer.ts';
import { type CallSummary, NO_ANSWER, runClosedLoop, runOpenLoop } from './http-load.ts';
import type { ProxyEvent, UpstreamCounts } from './round-robin-proxy.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { startBuiltServer, startProxy, stopProcess, waitForHealth } from './server-process.ts';
import { type FailedCall, type Sender, TransferCalls } from './transfer-calls.ts';

export interface PhaseResult {
  name: string;
  seconds: number;
  /** transfers created (the customer got a reference) per second */
  transfersPerSecond: number;
  quotes: CallSummary;
  creates: CallSummary;
  /** whole transfers, quote to reference */
  transfers: CallSummary;
}

export interface KillResult extends PhaseResult {
  rate: number;
  killedPort: number;
  /** seconds into the run */
  killedAt: number;
  /** the failed calls, their times in ms from the kill */
  failed: FailedCall[];
  /** the proxy's changes, their times in ms from the kill */
  proxyEvents: ProxyEvent[];
  /** what the proxy sent the killed replica from the kill on */
  sentAfterKill: UpstreamCounts;
  /** creates sent a second time, by the second's outcome */
  retried: Record<string, number>;
  exactlyOnce: ExactlyOnce;
}

export interface ExactlyOnce {
  /** creates whose customer got a reference, and how many of them are in the database once under it */
  told: number;
  toldAndStoredOnce: number;
  /** creates whose both calls failed, and how many of them were made all the same (their answer lost) */
  untold: number;
  untoldButStored: number;
  /** keys with more than one transfer (the database's unique key should make this 0) */
  duplicated: number;
}

export interface ReplicasBenchResult {
  clients: number;
  customers: number;
  phases: PhaseResult[];
  kill: KillResult;
}

const [FIRST_PORT, SECOND_PORT] = (process.env.BENCH_REPLICA_PORTS ?? '8291,8292').split(',').map(Number) as [
  number,
  number,
];
/** Within the captcha-free sign-ups one address gets (3 an hour): the bench signs them all up from here. */
const CUSTOMERS = 3;

function summarise(name: string, calls: TransferCalls, seconds: number): PhaseResult {
  return {
    name,
    seconds,
    transfersPerSecond: Math.round((calls.transfers.ok / seconds) * 10) / 10,
    quotes: calls.quotes.summary(seconds),
    creates: calls.creates.summary(seconds),
    transfers: calls.transfers.summary(seconds),
  };
}

async function closedLoopPhase(
  name: string,
  port: number,
  senders: Sender[],
  clients: number,
  seconds: number,
): Promise<PhaseResult> {
  const calls = new TransferCalls(port);
  const elapsed = await runClosedLoop(clients, seconds, (client) =>
    calls.transfer(senders[client % senders.length] as Sender),
  );
  calls.close();
  return summarise(name, calls, elapsed);
}

async function startReplica(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = startBuiltServer(port, env);
  await waitForHealth(child, `http://127.0.0.1:${port}`);
  return child;
}

/** Each create looked up under its key: the customer's reference there once, or nothing where they were told nothing. */
async function checkExactlyOnce(databaseUrl: string, calls: TransferCalls): Promise<ExactlyOnce> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ idempotency_key: string; trans_ref: string }>(
      'select idempotency_key, trans_ref from transfers where idempotency_key = any($1)',
      [calls.creations.map((c) => c.key)],
    )
    .finally(() => client.end());
  const stored = new Map<string, string[]>();
  for (const row of rows) stored.set(row.idempotency_key, [...(stored.get(row.idempotency_key) ?? []), row.trans_ref]);
  const result: ExactlyOnce = { told: 0, toldAndStoredOnce: 0, untold: 0, untoldButStored: 0, duplicated: 0 };
  for (const creation of calls.creations) {
    const refs = stored.get(creation.key) ?? [];
    if (refs.length > 1) result.duplicated++;
    if (creation.transRef) {
      result.told++;
      if (refs.length === 1 && refs[0] === creation.transRef) result.toldAndStoredOnce++;
    } else {
      result.untold++;
      if (refs.length > 0) result.untoldButStored++;
    }
  }
  return result;
}

export async function benchReplicas(
  adminUrl: string,
  options: { clients?: number; seconds?: number; killSeconds?: number } = {},
): Promise<ReplicasBenchResult> {
  const clients = options.clients ?? 16;
  const seconds = options.seconds ?? 15;
  const killSeconds = options.killSeconds ?? 20;
  const database = await createScratchDatabase(adminUrl);
  // the replicas of one deployment share its keys: a quote signed by one is taken by the other
  const env = {
    DATABASE_URL: database.url,
    QUOTE_SIGNING_KEY: randomBytes(32).toString('base64url'),
    AUTH_HANDOFF_KEY: randomBytes(32).toString('base64url'),
  };
  const children: ChildProcess[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  try {
    // the first brings the schema to head; the second starts on it, as compose.yaml's replicas after `migrate`
    const first = await startReplica(FIRST_PORT, env);
    children.push(first);
    const base = `http://127.0.0.1:${FIRST_PORT}`;
    const senders = await Promise.all(
      Array.from({ length: CUSTOMERS }, async () => {
        const token = await signUp(base);
        await onboard(base, token);
        return { token, beneficiaryId: await addRecipient(base, token) };
      }),
    );
    const phases: PhaseResult[] = [];
    await closedLoopPhase('warm-up', FIRST_PORT, senders, clients, 3); // JIT, plan caches
    phases.push(await closedLoopPhase('1 replica, direct', FIRST_PORT, senders, clients, seconds));

    const oneBehind = await startProxy([FIRST_PORT]);
    stoppers.push(oneBehind.stop);
    phases.push(await closedLoopPhase('1 replica, via the proxy', oneBehind.port, senders, clients, seconds));
    await oneBehind.stop();

    const second = await startReplica(SECOND_PORT, { ...env, MIGRATE_ON_START: 'false' });
    children.push(second);
    const proxy = await startProxy([FIRST_PORT, SECOND_PORT]);
    stoppers.push(proxy.stop);
    await closedLoopPhase('warm-up', proxy.port, senders, clients, 3); // the second replica's JIT
    const two = await closedLoopPhase('2 replicas, via the proxy', proxy.port, senders, clients, seconds);
    phases.push(two);

    // a steady load the two answer without queueing: half what they answered flat out
    const rate = Math.max(5, Math.round(two.transfersPerSecond / 2));
    const calls = new TransferCalls(proxy.port);
    const killAfterMs = killSeconds * 400;
    let due = 0;
    let killedAt = 0;
    let killedAtEpoch = 0;
    let countsAtKill: Record<number, UpstreamCounts> = {};
    const killing = (async () => {
      await sleep(killAfterMs);
      countsAtKill = await proxy.counts();
      killedAt = performance.now();
      killedAtEpoch = Date.now();
      await stopProcess(second, 'SIGKILL');
    })();
    const begun = performance.now();
    const elapsed = await runOpenLoop(rate, killSeconds, (from) =>
      calls.transfer(senders[due++ % senders.length] as Sender, from),
    );
    await killing;
    calls.close();
    const countsAtEnd = await proxy.counts();
    const at = (counts: Record<number, UpstreamCounts>, key: keyof UpstreamCounts) => counts[SECOND_PORT]?.[key] ?? 0;
    const retried: Record<string, number> = {};
    for (const creation of calls.creations) {
      const again = creation.outcomes[1];
      if (again !== undefined) retried[String(again)] = (retried[String(again)] ?? 0) + 1;
    }
    const kill: KillResult = {
      ...summarise(`2 replicas, one killed at ${(killAfterMs / 1000).toFixed(0)} s`, calls, elapsed),
      rate,
      killedPort: SECOND_PORT,
      killedAt: Math.round(killedAt - begun) / 1000,
      failed: calls.failed.map((f) => ({ ...f, sentAt: f.sentAt - killedAt, endedAt: f.endedAt - killedAt })),
      proxyEvents: proxy.events.map((e) => ({ ...e, at: e.at - killedAtEpoch })),
      sentAfterKill: {
        sent: at(countsAtEnd, 'sent') - at(countsAtKill, 'sent'),
        refused: at(countsAtEnd, 'refused') - at(countsAtKill, 'refused'),
        dropped: at(countsAtEnd, 'dropped') - at(countsAtKill, 'dropped'),
      },
      retried,
      exactlyOnce: await checkExactlyOnce(database.url, calls),
    };
    return { clients, customers: CUSTOMERS, phases, kill };
  } finally {
    for (const stop of stoppers) await stop();
    for (const child of children) await stopProcess(child);
    await database.drop();
  }
}

const ms = (n: number) => `${n} ms`;
const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([outcome, n]) => `${outcome} × ${n}`)
    .join(', ') || 'none';

/** The bench's figures as the lines `npm run bench -- --replicas` prints. */
export function replicaReport(result: ReplicasBenchResult): string[] {
  const lines = [
    `closed loop: ${result.clients} clients (${result.customers} customers), each making one transfer (quote, then create) after another; ${result.phases[0]?.seconds.toFixed(0)} s a row`,
    `${'phase'.padEnd(28)} ${'transfers/s'.padStart(11)}  quote p50 / p99        create p50 / p99       failed calls`,
  ];
  for (const p of result.phases) {
    const failed = { ...p.quotes.failures, ...p.creates.failures };
    lines.push(
      `${p.name.padEnd(28)} ${p.transfersPerSecond.toFixed(1).padStart(11)}  ${`${ms(p.quotes.p50Ms)} / ${ms(p.quotes.p99Ms)}`.padEnd(22)} ${`${ms(p.creates.p50Ms)} / ${ms(p.creates.p99Ms)}`.padEnd(22)} ${counted(failed)}`,
    );
  }
  const k = result.kill;
  const inFlight = k.failed.filter((f) => f.sentAt <= 0 && f.endedAt >= 0);
  const fromKilled = k.failed.filter((f) => f.upstream === String(k.killedPort));
  const span = (values: number[]) =>
    values.length === 0 ? '–' : `${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))} ms`;
  const byCall: Record<string, number> = {};
  for (const f of k.failed) {
    const what = `${f.call} ${f.outcome === NO_ANSWER ? NO_ANSWER : f.outcome}`;
    byCall[what] = (byCall[what] ?? 0) + 1;
  }
  const once = k.exactlyOnce;
  lines.push(
    '',
    `kill: 2 replicas via the proxy, open loop at ${k.rate} transfers/s (half the closed loop's) for ${k.seconds.toFixed(0)} s; replica :${k.killedPort} killed (SIGKILL) at ${k.killedAt.toFixed(1)} s`,
    `transfers: ${k.transfers.calls} started, ${k.transfers.ok} created (${k.transfersPerSecond.toFixed(1)}/s); whole transfer from when due p50 ${ms(k.transfers.p50Ms)}, p99 ${ms(k.transfers.p99Ms)}, max ${ms(k.transfers.maxMs)}; quote p99 ${ms(k.quotes.p99Ms)}, create p99 ${ms(k.creates.p99Ms)}`,
    `calls the customers saw fail: ${k.failed.length} (${counted(byCall)}); from the killed replica: ${fromKilled.length}; in flight at the kill (sent before it, ended after): ${inFlight.length}, sent ${span(inFlight.map((f) => f.sentAt))} from the kill, ended ${span(inFlight.map((f) => f.endedAt))}`,
    `the proxy: ${k.proxyEvents.map((e) => `:${e.upstream} ${e.change} at ${e.at >= 0 ? '+' : ''}${e.at} ms (${e.why})`).join('; ') || 'no changes'}; sent the killed replica ${k.sentAfterKill.sent} call(s) from the kill on (${k.sentAfterKill.dropped} dropped in flight and answered 502, ${k.sentAfterKill.refused} refused and sent to the other)`,
    `creates sent again under the same key: ${counted(k.retried)} (201: the first had not been done; 200: it had, and this is its transfer)`,
    `exactly once: ${once.toldAndStoredOnce} of the ${once.told} transfers the customers got a reference for are in the database once under it; ${once.untold} creates failed twice (${once.untoldButStored} of them made all the same); ${once.duplicated} keys with more than one transfer`,
  );
  return lines;
}
