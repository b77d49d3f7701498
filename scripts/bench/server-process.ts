import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { ProxyEvent, UpstreamCounts } from './round-robin-proxy.ts';

/** The V8 flags the server runs with in production (Dockerfile, `npm start`): see docs/decisions.md. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Refuses a port something already listens on: a server left by a bench stopped midway would answer the new
 * server's health check and the bench's calls (its sign-up limits long spent: the next bench failed at sign-up with
 * `CaptchaRequired`), while the new server, unable to listen, ends unseen.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is taken (a server of a bench stopped midway?): stop it, or move the bench's port`)
          : error,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/** The built server (dist-server/main.js) as its own process, in-memory PGlite unless `env` says otherwise. */
export async function startBuiltServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  await assertPortFree(port);
  return spawn('node', [...SERVER_NODE_FLAGS, 'dist-server/main.js'], {
    env: { ...process.env, PORT: String(port), SANDBOX: 'true', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForHealth(child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in 180 s');
}

/** Ends a process the bench started, and waits until it has. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

export interface ProxyProcess {
  port: number;
  pid: number | undefined;
  /** every replica the proxy took out or back, as it happened */
  events: ProxyEvent[];
  counts(): Promise<Record<number, UpstreamCounts>>;
  stop(): Promise<void>;
}

/** The round-robin proxy (`round-robin-proxy.ts`) in front of replicas on these ports, in a process of its own. */
export async function startProxy(upstreams: number[]): Promise<ProxyProcess> {
  const child = fork('scripts/bench/proxy-main.ts', upstreams.map(String), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const events: ProxyEvent[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the proxy exited with ${code}`)));
    child.on('message', (message: { port?: number; event?: ProxyEvent }) => {
      if (message.event) events.push(message.event);
      if (message.port) resolve(message.port);
    });
  });
  return {
    port,
    pid: child.pid,
    events,
    counts: () =>
      new Promise((resolve) => {
        const listener = (message: { counts?: Record<number, UpstreamCounts> }) => {
          if (!message.counts) return;
          child.off('message', listener);
          resolve(message.counts);
        };
        child.on('message', listener);
        child.send('counts');
      }),
    stop: () => stopProcess(child),
  };
}
