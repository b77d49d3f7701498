import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A PostgreSQL server of a test's own, in a temporary directory on a free
 * port, which the test may stop and start (the machine's shared server is
 * never touched). Needs PostgreSQL's server binaries (`initdb`, `pg_ctl`).
 */

const run = promisify(execFile);
const SERVER_BINARIES = '/usr/lib/postgresql';

/** The folder of the newest installed PostgreSQL's `initdb` and `pg_ctl`, if any. */
export function postgresBinaries(): string | undefined {
  if (!existsSync(SERVER_BINARIES)) return undefined;
  const versions = readdirSync(SERVER_BINARIES)
    .filter((version) => existsSync(join(SERVER_BINARIES, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(SERVER_BINARIES, versions[0], 'bin');
}

export interface OwnPostgres {
  /** a URL of its `postgres` database */
  url: string;
  start(): Promise<void>;
  /** a fast shutdown: every session is ended (SQLSTATE 57P01) */
  stop(): Promise<void>;
  /** stop it and remove its files */
  destroy(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** PostgreSQL refuses to run as root: then its binaries run as the `postgres` user. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

/** Resolves once a connection to `url` answers a query; throws after `timeoutMs`. */
export async function untilAccepting(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL at ${url} did not accept connections: ${error}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'sarraf-own-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ctl = (args: string[]) => run(...asServerUser(join(bin, 'pg_ctl'), args));
  await run(...asServerUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']));
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  let running = false;
  const own: OwnPostgres = {
    url,
    async start() {
      await ctl(['-D', data, '-l', join(folder, 'log'), '-o', options, '-w', '-t', '120', 'start']);
      running = true;
      await untilAccepting(url, 60_000);
    },
    async stop() {
      await ctl(['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await own.stop().catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
