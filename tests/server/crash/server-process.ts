import { type ChildProcess, spawn } from 'node:child_process';
import { serverEntry } from '../../support/server-bundle.ts';

/** A real server process (`src/server/main.ts` bundled), as an operator runs it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** the server's stderr and warn-level logs, for a failing test to show */
  output(): string;
  /** SIGKILL: no shutdown code runs */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the server (this run's bundle, as dist-server/main.js is built) on `port` with `env` added, and resolves once
 * it answers /healthz (within `timeoutMs`: on an in-memory PGlite 15-16 s on a quiet machine, mostly its initdb and migrations,
 * far more on a busy one).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverEntry('main'), {
    env: { ...process.env, PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      if ((await fetch(`${server.base}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`the server never answered /healthz:\n${output}`);
}
