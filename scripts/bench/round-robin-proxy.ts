/**
 * The replicas bench's load balancer: a round-robin HTTP proxy in front of
 * API replicas on this machine, doing what deploy/Caddyfile asks of Caddy
 * (which the bench does not need installed). It asks each replica's /readyz
 * every `healthIntervalMs` and sends nothing to one that does not answer 200
 * within `HEALTH_TIMEOUT_MS`.
 * A call that cannot reach a replica (connection refused: nothing was sent)
 * marks it down for `FAIL_MS` and goes to the next one, for up to `TRY_MS`. A
 * replica that drops a call it was sent (it died with the call in flight)
 * is marked down too, and that call is answered 502 and never sent again:
 * it may have been done. Every answer names its replica in `x-upstream`.
 */
import { Agent, createServer, type IncomingHttpHeaders, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyEvent {
  /** Date.now() */
  at: number;
  upstream: number;
  change: 'down' | 'up';
  why: string;
}

export interface UpstreamCounts {
  /** calls sent to it, each try counted */
  sent: number;
  /** calls it refused to connect for, sent to another */
  refused: number;
  /** calls it dropped in flight, answered 502 */
  dropped: number;
}

export interface ProxyOptions {
  /** the replicas' ports on 127.0.0.1 */
  upstreams: number[];
  /** how often each replica's /readyz is asked: every second unless a test asks more often */
  healthIntervalMs?: number;
  onEvent?: (event: ProxyEvent) => void;
}

/** deploy/Caddyfile's settings: health_uri, health_timeout, fail_duration, lb_try_duration, lb_try_interval */
const HEALTH_PATH = '/readyz';
const HEALTH_TIMEOUT_MS = 2000;
const FAIL_MS = 10_000;
const TRY_MS = 5000;
const TRY_INTERVAL_MS = 250;

export interface RoundRobinProxy {
  port: number;
  counts(): Record<number, UpstreamCounts>;
  close(): Promise<void>;
}

interface Upstream extends UpstreamCounts {
  port: number;
  /** the last health check's verdict */
  ready: boolean;
  checking: boolean;
  /** a connection error keeps it out until then (Date.now()) */
  downUntil: number;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the length, which the proxy sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startRoundRobinProxy(options: ProxyOptions): Promise<RoundRobinProxy> {
  const healthIntervalMs = options.healthIntervalMs ?? 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const upstreams: Upstream[] = options.upstreams.map((port) => ({
    port,
    ready: true,
    checking: false,
    downUntil: 0,
    sent: 0,
    refused: 0,
    dropped: 0,
  }));
  const available = (u: Upstream, now: number) => u.ready && u.downUntil <= now;
  const tell = (u: Upstream, change: ProxyEvent['change'], why: string) =>
    options.onEvent?.({ at: Date.now(), upstream: u.port, change, why });

  let next = 0;
  const pick = (): Upstream | undefined => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[(next + i) % upstreams.length] as Upstream;
      if (available(u, now)) {
        next = (next + i + 1) % upstreams.length;
        return u;
      }
    }
    return undefined;
  };
  const failed = (u: Upstream, why: string) => {
    const now = Date.now();
    if (available(u, now)) tell(u, 'down', why);
    u.downUntil = now + FAIL_MS;
  };

  const checkHealth = (u: Upstream) =>
    new Promise<void>((resolve) => {
      u.checking = true;
      const verdict = (ready: boolean, why: string) => {
        if (ready !== u.ready && (ready || u.downUntil <= Date.now())) tell(u, ready ? 'up' : 'down', why);
        u.ready = ready;
        u.checking = false;
        resolve();
      };
      // a connection of its own each time: a check must not leave the calls' pool a connection to reuse
      const r = request({ host: '127.0.0.1', port: u.port, path: HEALTH_PATH, agent: false }, (res) => {
        res.resume();
        res.on('end', () => verdict(res.statusCode === 200, `${HEALTH_PATH} answered ${res.statusCode}`));
      });
      r.setTimeout(HEALTH_TIMEOUT_MS, () => r.destroy(new Error('timed out')));
      r.on('error', (error: NodeJS.ErrnoException) => verdict(false, `${HEALTH_PATH}: ${error.code ?? error.message}`));
      r.end();
    });
  // a replica whose last check has not ended yet is not asked again
  const checkAll = () => Promise.all(upstreams.filter((u) => !u.checking).map(checkHealth));
  await checkAll();
  const healthTimer = setInterval(checkAll, healthIntervalMs);

  const badGateway = (res: ServerResponse, upstream?: number) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, upstream === undefined ? {} : { 'x-upstream': String(upstream) });
    res.end();
  };

  /** Sends the call to `u`: 'unreached' when `u` refused the connection, so nothing was sent. */
  const forward = (
    u: Upstream,
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
    res: ServerResponse,
  ) =>
    new Promise<'done' | 'unreached'>((resolve) => {
      u.sent++;
      const out = request(
        {
          host: '127.0.0.1',
          port: u.port,
          method,
          path,
          agent,
          headers: { ...headers, ...(body.length > 0 ? { 'content-length': body.length } : {}) },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-upstream': String(u.port) });
          answer.pipe(res);
          answer.on('error', () => {}); // a cut-off answer: 'close' below deals with it
          answer.on('close', () => {
            if (!answer.complete) {
              u.dropped++;
              failed(u, 'answer cut off');
              res.destroy();
            }
            resolve('done');
          });
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return; // the answer's own 'aborted' deals with it
        if (error.code === 'ECONNREFUSED') {
          u.refused++;
          failed(u, 'connection refused');
          resolve('unreached');
          return;
        }
        u.dropped++;
        failed(u, `call dropped (${error.code ?? error.message})`);
        badGateway(res, u.port);
        resolve('done');
      });
      out.end(body);
    });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = endToEnd(req.headers);
    const deadline = Date.now() + TRY_MS;
    for (;;) {
      const upstream = pick();
      if (upstream) {
        const sent = await forward(upstream, req.method ?? 'GET', req.url ?? '/', headers, body, res);
        if (sent === 'done') return;
      }
      if (Date.now() >= deadline) return badGateway(res);
      if (!upstream) await sleep(TRY_INTERVAL_MS);
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    counts: () =>
      Object.fromEntries(upstreams.map((u) => [u.port, { sent: u.sent, refused: u.refused, dropped: u.dropped }])),
    async close() {
      clearInterval(healthTimer);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
