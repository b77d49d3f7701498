import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../../support/server-bundle.ts';

const PORT = 18_481;
const METRICS_PORT = 18_482;
const app = `http://127.0.0.1:${PORT}`;
const metrics = `http://127.0.0.1:${METRICS_PORT}/metrics`;

/** The server process as `npm start` runs it, with METRICS_PORT set: the metrics answer on their own port. */
describe('the server process with METRICS_PORT', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('serves /metrics on that port only, counts the calls made on the app port, and still stops cleanly', async () => {
    child = spawn(process.execPath, serverEntry('main'), {
      env: {
        ...process.env,
        PORT: String(PORT),
        METRICS_PORT: String(METRICS_PORT),
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    // 15-16 s on a quiet machine (PGlite's initdb and migrations), far more on a busy one (45 s was not enough for tsx to start the server
    // beside a second suite and four other jobs, before the tests ran a bundle)
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited early');
      if (Date.now() > deadline) throw new Error('the metrics port never answered');
      try {
        if ((await fetch(metrics)).ok && (await fetch(`${app}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    expect((await fetch(`${app}/api/locator/countries`)).status).toBe(200);
    expect((await fetch(`${app}/metrics`)).status).toBe(404);
    const scrape = await (await fetch(metrics)).text();
    expect(scrape).toContain(
      'sarraf_http_requests_total{endpoint="locator.listSourceCountries",method="GET",status="200"} 1',
    );
    expect(scrape).toMatch(/^sarraf_metrics_database_read_ok 1$/m);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(metrics)).rejects.toThrow();
  }, 180_000);
});
