import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../../src/server/clock.ts';
import { testConfig } from '../../../src/server/config.ts';
import type { AppDeps } from '../../../src/server/http/app-env.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { DEFAULT_LEASE_MS, OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { sandboxProviders } from '../../../src/server/providers/sandbox-providers.ts';
import { createTestDatabase } from '../../support/databases.ts';
import { serverEntry } from '../../support/server-bundle.ts';

type Scratch = Awaited<ReturnType<typeof createTestDatabase>>;

/** Runs the hanging worker in its own process until it has claimed an event; resolves with that process. */
function claimingProcess(databaseUrl: string) {
  const child = spawn(process.execPath, serverEntry('hanging-worker'), {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const claimed = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const id = /claimed (\S+)\n/.exec(out)?.[1];
      if (id) resolve(id);
    });
    child.once('exit', (code) => reject(new Error(`the worker process exited (${code}) before claiming`)));
  });
  return { child, claimed };
}

// PGlite lives inside one process: only PostgreSQL has a second process to kill.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker process killed while it holds an event', () => {
  let scratch: Scratch;
  beforeAll(async () => {
    scratch = await createTestDatabase('postgres');
  });
  afterAll(() => scratch?.close());

  it('has its event taken over by another worker within 5 seconds of the kill, and run once more', async () => {
    const { url } = scratch;
    if (!url) throw new Error('the test database has no URL');
    const id = await enqueue(scratch.db, { topic: 'test.hang', payload: {} }, systemClock);
    const { child, claimed } = claimingProcess(url);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    expect(await claimed).toBe(id);
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    // a rescuer polling as a server's worker does, on real time, with the default lease
    const config = testConfig();
    const deps: AppDeps = {
      config,
      db: scratch.db,
      logger: createLogger('silent'),
      clock: systemClock,
      providers: sandboxProviders({ db: scratch.db, config, clock: systemClock }),
    };
    let ranAt: number | undefined;
    const ran: string[] = [];
    const rescuer = new OutboxWorker(
      deps,
      {
        'test.hang': async (_p, { eventId }) => {
          ranAt ??= Date.now();
          ran.push(eventId);
        },
      },
      { workerId: 'rescuer' },
    );
    rescuer.start();
    try {
      await vi.waitFor(() => expect(ran).toEqual([id]), { timeout: 30_000, interval: 20 });
    } finally {
      await rescuer.stop();
    }
    const takeoverMs = (ranAt as number) - killedAt;
    console.info(`outbox takeover after a kill: ${takeoverMs} ms (lease ${DEFAULT_LEASE_MS} ms)`);
    expect(takeoverMs).toBeLessThan(5_000);
    const row = await scratch.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  }, 60_000);
});
