/**
 * Load generators for the API benches.
 *
 * Open loop (`runLoad`, `runOpenLoop`): requests start on a fixed schedule
 * whatever the server does, and latency counts from the scheduled start (or
 * the send, if that was a little early), so a slow server cannot hide its
 * queueing (no coordinated omission).
 *
 * Closed loop (`runClosedLoop`): a fixed number of clients, each starting its
 * next round when the last one is answered: how many rounds a second the
 * servers can answer at that concurrency. Its latencies are those of servers
 * kept busy, and count from each call's send.
 */
import { Agent, request } from 'node:http';

export interface LoadResult {
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  failed: number;
  achievedRps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
}

/** An answer, and the replica that gave it when a proxy says so (its `x-upstream` header). */
export interface Answer {
  status: number;
  body: string;
  upstream: string | undefined;
}

/** A call that got no HTTP answer (the connection refused or cut). */
export const NO_ANSWER = 'no answer';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function send(agent: Agent, port: number, req: LoadRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = req.body?.();
    const r = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        agent,
        headers: {
          ...req.headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const upstream = res.headers['x-upstream'];
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            upstream: Array.isArray(upstream) ? upstream[0] : upstream,
          });
        });
      },
    );
    r.on('error', reject);
    if (body) r.write(body);
    r.end();
  });
}

export interface CallSummary {
  calls: number;
  ok: number;
  /** the calls that were not 2xx, by status (or `no answer`) */
  failures: Record<string, number>;
  /** answered 2xx per second of the run */
  okPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Latency and outcome of each call of one kind; a latency for every answered call. */
export class CallLog {
  readonly latencies: number[] = [];
  ok = 0;
  readonly failures = new Map<string, number>();

  /** `outcome`: the answer's status, or why there was none (NO_ANSWER, or a call the caller could not make) */
  add(outcome: number | string, latencyMs: number): void {
    if (typeof outcome === 'number') this.latencies.push(latencyMs);
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) this.ok++;
    else this.failures.set(String(outcome), (this.failures.get(String(outcome)) ?? 0) + 1);
  }

  get failed(): number {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }

  summary(seconds: number): CallSummary {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      calls: this.ok + this.failed,
      ok: this.ok,
      failures: Object.fromEntries(this.failures),
      okPerSecond: round2(this.ok / seconds),
      p50Ms: round2(percentile(sorted, 50)),
      p90Ms: round2(percentile(sorted, 90)),
      p99Ms: round2(percentile(sorted, 99)),
      maxMs: round2(sorted[sorted.length - 1] ?? Number.NaN),
    };
  }
}

/**
 * Starts `start` `rate` times a second for `seconds`, each with the time it was due (performance.now()), and
 * waits for every one; the seconds that took.
 */
export async function runOpenLoop(
  rate: number,
  seconds: number,
  start: (from: number) => Promise<void>,
): Promise<number> {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const begun = performance.now();
  // Counted, not kept: holding every call's promise until the end grew the generator's old generation, and its
  // collection paused the generator, and so every answer it was reading, for 2–5 ms every 0.4–0.8 s, printed as the
  // server's latency (seen with a `gc` PerformanceObserver beside the slow answers' times)
  let inflight = 0;
  let scheduled = false;
  let failure: { error: unknown } | undefined;
  let allAnswered: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  const settle = () => {
    inflight--;
    if (scheduled && inflight === 0) allAnswered();
  };
  for (let i = 0; i < total; i++) {
    const due = begun + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // from its scheduled start, or from the send if that was up to 1 ms early (not worth a timer); this took the
    // later of the two, so a late send hid the wait before it and an early one came back in less than no time
    // (p50s of -0.1 ms were printed)
    inflight++;
    start(Math.min(due, performance.now())).then(settle, (error: unknown) => {
      failure ??= { error };
      settle();
    });
  }
  scheduled = true;
  if (inflight === 0) allAnswered();
  await answered;
  if (failure) throw failure.error;
  return (performance.now() - begun) / 1000;
}

/** `clients` loops of `round` (given the client's number) until `seconds` have passed; the seconds that took. */
export async function runClosedLoop(
  clients: number,
  seconds: number,
  round: (client: number) => Promise<void>,
): Promise<number> {
  const begun = performance.now();
  const end = begun + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) await round(client);
    }),
  );
  return (performance.now() - begun) / 1000;
}

/** One request, `rate` times a second for `seconds`, open loop. */
export async function runLoad(port: number, req: LoadRequest, rate: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const log = new CallLog();
  const elapsed = await runOpenLoop(rate, seconds, (from) =>
    send(agent, port, req).then(
      (answer) => log.add(answer.status, performance.now() - from),
      () => log.add(NO_ANSWER, 0),
    ),
  );
  agent.destroy();
  const summary = log.summary(elapsed);
  return {
    rate,
    seconds,
    sent: summary.calls,
    ok: summary.ok,
    failed: log.failed,
    achievedRps: Math.round(summary.calls / elapsed),
    p50Ms: summary.p50Ms,
    p90Ms: summary.p90Ms,
    p99Ms: summary.p99Ms,
    maxMs: summary.maxMs,
  };
}
