/**
 * The scale-out bench (`npm run bench -- --replicas`): the built server as one
 * and then two replicas on one PostgreSQL database of the bench's own
 * (created and dropped here), behind the bench's round-robin proxy
 * (`round-robin-proxy.ts`, in a process of its own, as Caddy would be).
 * Signed-in customers quote and create transfers (`transfer-calls.ts`)
 * against one replica direct (so the proxy's own cost shows), one behind the
 * proxy, and two behind it: closed loop (how many a second they answer flat
 * out) and open loop at half what one replica answered (latency at an equal,
 * steady load). Then, under that load, one of the two is killed (SIGKILL)
 * mid-run: the calls that failed and where, how soon the proxy stopped
 * sending to it, the creates tried again under their key, and whether every
 * transfer is in the database once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { type CpuShares, startCpuMeter } from './cpu-time.ts';
import { addRecipient, onboard, signUp } from './customer.ts';
import { type CallSummary, runClosedLoop, runOpenLoop } from './http-load.ts';
import type { ProxyEvent, UpstreamCounts } from './round-robin-proxy.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { type ProxyProcess, startBuiltServer, startProxy, stopProcess, waitForHealth } from './server-process.ts';
import { type Call, type Sender, TransferCalls } from './transfer-calls.ts';

export interface PhaseResult {
  name: string;
  /** closed loop: how many clients; open loop: transfers a second */
  load: string;
  seconds: number;
  /** transfers created (the customer got a reference) per second */
  transfersPerSecond: number;
  quotes: CallSummary;
  creates: CallSummary;
  /** whole transfers, quote to reference */
  transfers: CallSummary;
  /** the share of a core each of the bench's processes used, and how busy the machine was */
  cpu: CpuShares;
  /** the creates each replica answered, by port (behind the proxy) */
  createsBy: Record<string, number>;
}

export interface KillResult extends PhaseResult {
  killedPort: number;
  /** seconds into the run the SIGKILL was sent */
  killedAt: number;
  /** ms from the signal until the bench saw the process gone */
  exitSeenMs: number;
  /** the calls not answered 2xx, their times in ms from the signal */
  failed: Call[];
  /** the calls answered in more than a second, their times in ms from the signal */
  slow: Call[];
  /** the proxy's changes, their times in ms from the signal */
  proxyEvents: ProxyEvent[];
  /** what the proxy did with the killed replica from the signal on */
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

function summarise(name: string, load: string, calls: TransferCalls, seconds: number, cpu: CpuShares): PhaseResult {
  return {
    name,
    load,
    seconds,
    cpu,
    createsBy: Object.fromEntries(calls.createsBy),
    transfersPerSecond: Math.round((calls.transfers.ok / seconds) * 10) / 10,
    quotes: calls.quotes.summary(seconds),
    creates: calls.creates.summary(seconds),
    transfers: calls.transfers.summary(seconds),
  };
}

/** Where a phase sends its calls, and the processes whose CPU time it counts (name → pid). */
interface Target {
  port: number;
  processes: Record<string, number | undefined>;
}

async function closedLoopPhase(
  name: string,
  target: Target,
  senders: Sender[],
  clients: number,
  seconds: number,
): Promise<PhaseResult> {
  const calls = new TransferCalls(target.port);
  const cpu = startCpuMeter(target.processes);
  const elapsed = await runClosedLoop(clients, seconds, (client) =>
    calls.transfer(senders[client % senders.length] as Sender),
  );
  calls.close();
  return summarise(name, `${clients} clients`, calls, elapsed, cpu());
}

/** `rate` transfers a second, open loop, each customer's in turn; the seconds that took. */
function openLoop(calls: TransferCalls, senders: Sender[], rate: number, seconds: number): Promise<number> {
  let due = 0;
  return runOpenLoop(rate, seconds, (from) => calls.transfer(senders[due++ % senders.length] as Sender, from));
}

async function openLoopPhase(
  name: string,
  target: Target,
  senders: Sender[],
  rate: number,
  seconds: number,
): Promise<PhaseResult> {
  const calls = new TransferCalls(target.port);
  const cpu = startCpuMeter(target.processes);
  const elapsed = await openLoop(calls, senders, rate, seconds);
  calls.close();
  return summarise(name, `${rate}/s`, calls, elapsed, cpu());
}

async function startReplica(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = await startBuiltServer(port, env);
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

/**
 * `rate` transfers a second through the proxy for `seconds`, the victim killed (SIGKILL) 40% of the way in: the
 * calls that failed, what the proxy did, and the creates tried again, their times from the signal.
 */
async function killOneOfTwo(
  proxy: ProxyProcess,
  processes: Target['processes'],
  victim: { child: ChildProcess; port: number },
  senders: Sender[],
  rate: number,
  seconds: number,
): Promise<{ calls: TransferCalls; result: Omit<KillResult, 'exactlyOnce'> }> {
  const calls = new TransferCalls(proxy.port);
  const cpu = startCpuMeter(processes);
  let signalled = 0;
  let exited = 0;
  let signalledEpoch = 0;
  let countsAtKill: Record<number, UpstreamCounts> = {};
  const killing = (async () => {
    await sleep(seconds * 400);
    countsAtKill = await proxy.counts();
    signalled = performance.now();
    signalledEpoch = Date.now();
    await stopProcess(victim.child, 'SIGKILL');
    exited = performance.now();
  })();
  const begun = performance.now();
  const elapsed = await openLoop(calls, senders, rate, seconds);
  await killing;
  calls.close();
  const countsAtEnd = await proxy.counts();
  const after = (key: keyof UpstreamCounts) =>
    (countsAtEnd[victim.port]?.[key] ?? 0) - (countsAtKill[victim.port]?.[key] ?? 0);
  const fromSignal = calls.calls.map((c) => ({ ...c, sentAt: c.sentAt - signalled, endedAt: c.endedAt - signalled }));
  const retried: Record<string, number> = {};
  for (const creation of calls.creations) {
    const again = creation.outcomes[1];
    if (again !== undefined) retried[String(again)] = (retried[String(again)] ?? 0) + 1;
  }
  return {
    calls,
    result: {
      ...summarise('2 replicas, one killed', `${rate}/s`, calls, elapsed, cpu()),
      killedPort: victim.port,
      killedAt: Math.round(signalled - begun) / 1000,
      exitSeenMs: Math.round(exited - signalled),
      failed: fromSignal.filter((c) => typeof c.outcome !== 'number' || c.outcome >= 300),
      slow: fromSignal.filter((c) => c.endedAt - c.sentAt > 1000),
      proxyEvents: proxy.events.map((e) => ({ ...e, at: e.at - signalledEpoch })),
      sentAfterKill: { sent: after('sent'), refused: after('refused'), dropped: after('dropped') },
      retried,
    },
  };
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
    const oneBehind = await startProxy([FIRST_PORT]);
    stoppers.push(oneBehind.stop);
    const bench = { 'load generator': process.pid, 'replica 1': first.pid };
    const direct: Target = { port: FIRST_PORT, processes: { ...bench, proxy: oneBehind.pid } };
    const viaOne: Target = { ...direct, port: oneBehind.port };
    await closedLoopPhase('warm-up', direct, senders, clients, 3); // JIT, plan caches
    const flatOut = [
      await closedLoopPhase('1 replica, direct', direct, senders, clients, seconds),
      await closedLoopPhase('1 replica, via the proxy', viaOne, senders, clients, seconds),
    ];
    phases.push(...flatOut);
    // a steady load one replica answers without queueing (half what it answered flat out), for every open loop
    const rate = Math.max(5, Math.round(Math.min(...flatOut.map((p) => p.transfersPerSecond)) / 2));
    phases.push(await openLoopPhase('1 replica, direct', direct, senders, rate, seconds));
    phases.push(await openLoopPhase('1 replica, via the proxy', viaOne, senders, rate, seconds));
    await oneBehind.stop();

    const second = await startReplica(SECOND_PORT, { ...env, MIGRATE_ON_START: 'false' });
    children.push(second);
    const proxy = await startProxy([FIRST_PORT, SECOND_PORT]);
    stoppers.push(proxy.stop);
    const viaTwo: Target = { port: proxy.port, processes: { ...bench, 'replica 2': second.pid, proxy: proxy.pid } };
    await closedLoopPhase('warm-up', viaTwo, senders, clients, 3); // the second replica's JIT
    phases.push(await closedLoopPhase('2 replicas, via the proxy', viaTwo, senders, clients, seconds));
    phases.push(await openLoopPhase('2 replicas, via the proxy', viaTwo, senders, rate, seconds));

    const victim = { child: second, port: SECOND_PORT };
    const kill = await killOneOfTwo(proxy, viaTwo.processes, victim, senders, rate, killSeconds);
    const exactlyOnce = await checkExactlyOnce(database.url, kill.calls);
    return { clients, customers: CUSTOMERS, phases, kill: { ...kill.result, exactlyOnce } };
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
function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
/** Each replica's part, `:port n (x%)`, or – without a proxy. */
const shares = (counts: Record<string, number>) => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([port, n]) => `:${port} ${n} (${Math.round((n / total) * 100)}%)`)
      .join(', ') || '–'
  );
};
const span = (values: number[]) =>
  values.length === 0 ? '–' : `${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))} ms`;

/** The bench's figures as the lines `npm run bench -- --replicas` prints. */
export function replicaReport(result: ReplicasBenchResult): string[] {
  const lines = [
    `${result.customers} signed-in customers, each transfer a quote then a create; closed loop: ${result.clients} clients, each starting a transfer when its last one ends (latency counts from each call's send: a saturated server's); open loop: transfers started on a schedule (the whole transfer's latency counts from when it was due)`,
    `${'phase'.padEnd(26)} ${'load'.padEnd(11)} ${'transfers/s'.padStart(11)}  ${'quote p50 / p99'.padEnd(22)} ${'create p50 / p99'.padEnd(22)} ${'transfer p50 / p99'.padEnd(22)} failed calls`,
  ];
  const row = (p: PhaseResult) => {
    const failed = Object.fromEntries(
      (['quote', 'create'] as const).flatMap((call) =>
        Object.entries((call === 'quote' ? p.quotes : p.creates).failures).map(([outcome, n]) => [
          `${call} ${outcome}`,
          n,
        ]),
      ),
    );
    const pair = (c: CallSummary) => `${ms(c.p50Ms)} / ${ms(c.p99Ms)}`.padEnd(22);
    return `${p.name.padEnd(26)} ${p.load.padEnd(11)} ${p.transfersPerSecond.toFixed(1).padStart(11)}  ${pair(p.quotes)} ${pair(p.creates)} ${pair(p.transfers)} ${counted(failed)}`;
  };
  lines.push(...result.phases.map(row));
  const k = result.kill;
  lines.push(row(k));
  const cpuNames = ['replica 1', 'replica 2', 'proxy', 'load generator'];
  lines.push(
    '',
    `where the cores went: each of the bench's processes' CPU time in % of one core (replica 2 killed: none); "machine": how busy all the cores were, in %, with every process on it (PostgreSQL's and any other work too)`,
    `${'phase'.padEnd(26)} ${'load'.padEnd(11)} ${cpuNames.map((n) => n.padStart(14)).join(' ')} ${'machine'.padStart(8)}  creates each replica answered`,
    ...[...result.phases, k].map(
      (p) =>
        `${p.name.padEnd(26)} ${p.load.padEnd(11)} ${cpuNames.map((n) => (p.cpu[n] === undefined ? '–' : `${p.cpu[n]}%`).padStart(14)).join(' ')} ${(p.cpu.machine === undefined ? '–' : `${p.cpu.machine}%`).padStart(8)}  ${shares(p.createsBy)}`,
    ),
  );
  const fromKilled = k.failed.filter((f) => f.upstream === String(k.killedPort));
  // on the killed replica when it died: sent before the bench saw it gone, ended after the signal
  const inFlight = fromKilled.filter((f) => f.sentAt <= k.exitSeenMs && f.endedAt >= 0);
  const byCall = countBy(k.failed, (f) => `${f.call} ${f.outcome}`);
  const once = k.exactlyOnce;
  lines.push(
    '',
    `the kill: replica :${k.killedPort} sent SIGKILL ${k.killedAt.toFixed(1)} s into the last row's ${k.seconds.toFixed(0)} s (the bench saw it gone ${k.exitSeenMs} ms later); times below from the signal`,
    `calls the customers saw fail: ${k.failed.length} (${counted(byCall)}); ${fromKilled.length} answered by the proxy for the killed replica, ${inFlight.length} of them in flight on it when it died (sent ${span(inFlight.map((f) => f.sentAt))}, answered ${span(inFlight.map((f) => f.endedAt))})`,
    `the proxy: ${k.proxyEvents.map((e) => `:${e.upstream} ${e.change} at ${e.at >= 0 ? '+' : ''}${e.at} ms (${e.why})`).join('; ') || 'no changes'}; from the signal on it sent the killed replica ${k.sentAfterKill.sent} call(s), ${k.sentAfterKill.dropped} call(s) were dropped on it in flight (answered 502) and ${k.sentAfterKill.refused} refused (sent to the other)`,
    `calls answered in more than 1 s: ${k.slow.length}${k.slow.length ? ` (${counted(countBy(k.slow, (c) => `${c.call} on :${c.upstream}`))}), sent ${span(k.slow.map((c) => c.sentAt))}, answered ${span(k.slow.map((c) => c.endedAt))}` : ''}`,
    `creates sent again under the same key: ${counted(k.retried)} (201: the first had not been done; 200: it had, and the answer is its transfer)`,
    `exactly once: ${once.toldAndStoredOnce} of the ${once.told} transfers the customers got a reference for are in the database once under it; ${once.untold} creates failed twice (${once.untoldButStored} of them made all the same); ${once.duplicated} keys with more than one transfer`,
  );
  return lines;
}
