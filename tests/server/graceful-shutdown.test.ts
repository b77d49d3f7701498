import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 18_461;
const base = `http://127.0.0.1:${PORT}`;

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      STATIC_DIR: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitUntilHealthy(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
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

describe('graceful shutdown', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes the request in flight on SIGTERM, then refuses new ones and exits 0', async () => {
    child = startServer();
    let logs = '';
    child.stdout?.on('data', (chunk) => {
      logs += chunk;
    });
    await waitUntilHealthy(child);
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

    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(logs).toContain('stopped');
  }, 60_000);
});
