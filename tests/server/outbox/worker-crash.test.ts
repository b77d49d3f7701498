import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../../src/server/clock.ts';
import { testConfig } from '../../../src/server/config.ts';
import type { AppDeps } from '../../../src/server/http/app-env.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { enqueue } from '../../../src/server/jobs/outbox.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { sandboxProviders } from '../../../src/server/providers/sandbox-providers.ts';
import { createTestDatabase } from '../../support/databases.ts';

type Scratch = Awaited<ReturnType<typeof createTestDatabase>>;

/** Runs the hanging worker in its own process until it has claimed an event; resolves with that process. */
function claimingProcess(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/outbox/hanging-worker.ts'], {
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

  it('has its event taken over by another worker within 30 seconds', async () => {
    const { url } = scratch;
    if (!url) throw new Error('the test database has no URL');
    const id = await enqueue(scratch.db, { topic: 'test.hang', payload: {} }, systemClock);
    const { child, claimed } = claimingProcess(url);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    expect(await claimed).toBe(id);
    child.kill('SIGKILL');
    await exited;

    // The killed process leased on real time: the rescuer starts from now and moves on by hand.
    const clock = new ManualClock(new Date());
    const config = testConfig();
    const deps: AppDeps = {
      config,
      db: scratch.db,
      logger: createLogger('silent'),
      clock,
      providers: sandboxProviders({ db: scratch.db, config, clock }),
    };
    const ran: string[] = [];
    const rescuer = new OutboxWorker(deps, { 'test.hang': async (_p, { eventId }) => void ran.push(eventId) });
    expect(await rescuer.drain()).toBe(0);
    clock.advance(30_000);
    expect(await rescuer.drain()).toBe(1);
    expect(ran).toEqual([id]);
    const row = await scratch.db.selectFrom('outbox_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  }, 60_000);
});
