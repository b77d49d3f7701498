import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProxyEvent, type RoundRobinProxy, startRoundRobinProxy } from '../../scripts/bench/round-robin-proxy.ts';

/**
 * The replicas bench's load balancer: calls go round the replicas in turn, and a replica that is gone, not ready,
 * or dies with a call in flight gets no more calls.
 */
interface Replica {
  port: number;
  server: Server;
  /** the paths of the calls it got, /readyz aside */
  calls: string[];
  ready: boolean;
}

async function startReplica(): Promise<Replica> {
  const replica: Replica = { port: 0, server: createServer(), calls: [], ready: true };
  replica.server.on('request', (req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(replica.ready ? 200 : 503).end();
      return;
    }
    replica.calls.push(req.url ?? '');
    if (req.url === '/die') {
      req.socket.destroy(); // as a process killed with the call in flight
      return;
    }
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(String(replica.port)));
  });
  await new Promise<void>((resolve) => replica.server.listen(0, '127.0.0.1', resolve));
  replica.port = (replica.server.address() as AddressInfo).port;
  return replica;
}

function stopReplica(replica: Replica): Promise<void> {
  replica.server.closeAllConnections();
  return new Promise((resolve) => replica.server.close(() => resolve()));
}

let proxy: RoundRobinProxy | undefined;
let replicas: Replica[] = [];

afterEach(async () => {
  await proxy?.close();
  await Promise.all(replicas.filter((r) => r.server.listening).map(stopReplica));
  proxy = undefined;
  replicas = [];
});

async function setUp(count: number, options: { healthIntervalMs?: number } = {}) {
  replicas = await Promise.all(Array.from({ length: count }, startReplica));
  const events: ProxyEvent[] = [];
  const waiters: (() => void)[] = [];
  proxy = await startRoundRobinProxy({
    upstreams: replicas.map((r) => r.port),
    healthIntervalMs: options.healthIntervalMs ?? 60_000,
    onEvent: (event) => {
      events.push(event);
      for (const wake of waiters.splice(0)) wake();
    },
  });
  const port = proxy.port;
  const call = async (path: string, method = 'GET') => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, body: method === 'POST' ? '{}' : undefined });
    return { status: res.status, upstream: res.headers.get('x-upstream'), body: await res.text() };
  };
  /** resolves once the proxy has told of a change matching `wanted` */
  const eventWhere = async (wanted: (e: ProxyEvent) => boolean) => {
    while (!events.some(wanted)) await new Promise<void>((wake) => waiters.push(wake));
    return events.find(wanted) as ProxyEvent;
  };
  return { call, events, eventWhere };
}

describe('the bench round-robin proxy', () => {
  it('sends calls to each replica in turn, bodies and all, and names the replica in x-upstream', async () => {
    const { call } = await setUp(2);
    const [a, b] = replicas as [Replica, Replica];
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(`/call-${i}`, 'POST'));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((x) => x.upstream)).toEqual([a.port, b.port, a.port, b.port].map(String));
    expect(answers.map((x) => x.body)).toEqual([a.port, b.port, a.port, b.port].map(String));
    expect(a.calls).toEqual(['/call-0', '/call-2']);
    expect(b.calls).toEqual(['/call-1', '/call-3']);
  });

  it('sends a call a stopped replica refuses to another, and no more to it', async () => {
    const { call, events } = await setUp(2);
    const [a, b] = replicas as [Replica, Replica];
    await stopReplica(b);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(`/call-${i}`));
    expect(answers.map((x) => [x.status, x.upstream])).toEqual(Array(4).fill([200, String(a.port)]));
    expect(events).toEqual([expect.objectContaining({ upstream: b.port, change: 'down', why: 'connection refused' })]);
    expect(proxy?.counts()[b.port]).toEqual({ sent: 1, refused: 1, dropped: 0 });
  });

  it('answers 502 for a call its replica dropped in flight, never sends it again, and skips that replica', async () => {
    const { call, events } = await setUp(2);
    const [a, b] = replicas as [Replica, Replica];
    expect((await call('/first')).upstream).toBe(String(a.port));
    const dropped = await call('/die', 'POST');
    expect([dropped.status, dropped.upstream]).toEqual([502, String(b.port)]);
    expect(a.calls).toEqual(['/first']);
    expect(events).toEqual([expect.objectContaining({ upstream: b.port, change: 'down' })]);
    for (let i = 0; i < 3; i++) expect((await call(`/after-${i}`)).upstream).toBe(String(a.port));
    expect(proxy?.counts()[b.port]).toEqual({ sent: 1, refused: 0, dropped: 1 });
  });

  it('takes a replica out while its /readyz says 503, and back once it says 200', async () => {
    const { call, eventWhere } = await setUp(2, { healthIntervalMs: 20 });
    const [a, b] = replicas as [Replica, Replica];
    b.ready = false;
    const down = await eventWhere((e) => e.upstream === b.port && e.change === 'down');
    expect(down.why).toBe('/readyz answered 503');
    for (let i = 0; i < 3; i++) expect((await call(`/while-${i}`)).upstream).toBe(String(a.port));
    b.ready = true;
    await eventWhere((e) => e.upstream === b.port && e.change === 'up');
    const after = [(await call('/back-0')).upstream, (await call('/back-1')).upstream];
    expect(after.sort()).toEqual([a.port, b.port].map(String).sort());
  });
});
