/**
 * A server process's outbox worker whose handler never finishes, for the
 * crash test to SIGKILL: it claims `test.hang` events on DATABASE_URL with the
 * default lease and prints `claimed <event id>` once it holds one.
 */
import { systemClock } from '../../../src/server/clock.ts';
import { testConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/connection.ts';
import { createLogger } from '../../../src/server/http/logger.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { sandboxProviders } from '../../../src/server/providers/sandbox-providers.ts';

const config = testConfig({ databaseUrl: process.env.DATABASE_URL });
const { db } = await openDatabase({ databaseUrl: config.databaseUrl });
const deps = {
  config,
  db,
  logger: createLogger('silent'),
  clock: systemClock,
  providers: sandboxProviders({ db, config, clock: systemClock }),
};
const worker = new OutboxWorker(
  deps,
  {
    'test.hang': (_payload, { eventId }) => {
      process.stdout.write(`claimed ${eventId}\n`);
      return new Promise<void>(() => {});
    },
  },
  { workerId: 'doomed', pollMs: 20 },
);
worker.start();
