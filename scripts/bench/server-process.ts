import { type ChildProcess, spawn } from 'node:child_process';

/** The built server (dist-server/main.js) as its own process, in-memory PGlite unless `env` says otherwise. */
export function startBuiltServer(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn('node', ['dist-server/main.js'], {
    env: { ...process.env, PORT: String(port), SANDBOX: 'true', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForHealth(child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in 60 s');
}
