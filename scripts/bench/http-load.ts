/**
 * An open-loop load generator: requests start on a fixed schedule whatever
 * the server does, and latency counts from the scheduled start (or the
 * send, if that was a little early), so a slow server cannot hide its
 * queueing (no coordinated omission).
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

function once(agent: Agent, port: number, req: LoadRequest): Promise<number> {
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
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    r.on('error', reject);
    if (body) r.write(body);
    r.end();
  });
}

export async function runLoad(port: number, req: LoadRequest, rate: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + i * intervalMs;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // from its scheduled start, or from the send if that was up to 1 ms early (not worth a timer); this took the
    // later of the two, so a late send hid the wait before it and an early one came back in less than no time
    // (p50s of -0.1 ms were printed)
    const from = Math.min(scheduled, performance.now());
    inflight.push(
      once(agent, port, req).then(
        (status) => {
          latencies.push(performance.now() - from);
          if (status >= 200 && status < 300) ok++;
          else failed++;
        },
        () => {
          failed++;
        },
      ),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    rate,
    seconds,
    sent: total,
    ok,
    failed,
    achievedRps: Math.round(total / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p90Ms: round(percentile(latencies, 90)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies[latencies.length - 1] ?? Number.NaN),
  };
}
