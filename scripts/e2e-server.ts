/**
 * The real server as the end-to-end run starts it: the built app (dist-server/main.js) with sandbox providers and
 * short sandbox timings. scripts/e2e.ts starts the one every spec uses; e2e/app-update.spec.ts starts its own to
 * deploy one build after another on one origin.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './bench/server-process.ts';

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

export interface E2eServerOptions {
  port: number;
  /** The built client it serves (STATIC_DIR); dist/ unless named. */
  staticDir?: string;
  /** Where its database lives (DATA_DIR); in memory unless named, a fresh state for each start. */
  dataDir?: string;
}

export function startServer({ port, staticDir = 'dist', dataDir = 'memory://' }: E2eServerOptions): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    STATIC_DIR: staticDir,
    SANDBOX: 'true',
    DATA_DIR: dataDir,
    PAYOUT_STEP_SECONDS: '5',
    // a sandbox manual review (first name Review) decides after 3 s: long enough for the wait screen's first answer
    // to find it still checking, short of the screen's 5 s poll that then finds it decided
    SANDBOX_DOCUMENT_REVIEW_SECONDS: '3',
    // the US cancellation right ends before the sandbox payout (5 + 5 s): a cancel is refused for the time alone
    CANCELLATION_RIGHT_SECONDS: '8',
    // each test sends X-Forwarded-For, an address of its own (e2e/support/test.ts)
    TRUSTED_PROXY_HOPS: '1',
    // the browser and the API client connect from this machine: they play our proxy
    TRUSTED_PROXY_ADDRESSES: '127.0.0.1 ::1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  // Always the embedded database: never a PostgreSQL the environment happens to name.
  delete env.DATABASE_URL;
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist-server/main.js'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function waitUntilHealthy(server: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited during start (exit ${server.exitCode ?? server.signalCode})`);
    }
    if (await healthy(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer http://localhost:${port}/healthz within ${START_TIMEOUT_MS / 1000} s`);
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
