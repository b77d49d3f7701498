import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../support/server-bundle.ts';

const PORT = 18_461;
const base = `http://127.0.0.1:${PORT}`;

function startServer(): ChildProcess {
  return spawn(process.execPath, serverEntry('main'), {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      STATIC_DIR: '',
      LOG_LEVEL: 'info',
      // long: the test ends the drain itself with a second signal once it has seen it
      SHUTDOWN_DRAIN_SECONDS: '600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitUntilHealthy(child: ChildProcess): Promise<void> {
  // on an in-memory PGlite 15-16 s on a quiet machine (its initdb and migrations), far more on a busy one
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server never became healthy');
}

async function untilReadyz(status: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${base}/readyz`)).status !== status) {
    if (Date.now() > deadline) throw new Error(`/readyz never answered ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('on SIGTERM turns /readyz red while still serving, then finishes the request in flight, refuses new ones and exits 0', async () => {
    child = startServer();
    let logs = '';
    child.stdout?.on('data', (chunk) => {
      logs += chunk;
    });
    await waitUntilHealthy(child);
    await untilReadyz(200);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));

    // a sign-up hashes the password with argon2id: slow enough to be in flight
    const inFlight = fetch(`${base}/api/oauth/email/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'shutdown@example.test',
        password: 'secret123',
        country: 'GB',
        accept_terms: true,
        accept_privacy: true,
      }),
    });
    await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGTERM');

    // the load balancer hears first: not ready, yet alive and serving
    await untilReadyz(503);
    const notReady = (await (await fetch(`${base}/readyz`)).json()) as { errors: { type: string; message: string }[] };
    expect(notReady.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ServiceUnavailable',
      message: 'Not ready: shutting down',
    });
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const served = await fetch(`${base}/api/main/user/get`, { method: 'POST' });
    expect(served.status).toBe(401);
    // a second signal ends the drain
    child.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(logs).toContain('stopped');
  }, 180_000);
});
