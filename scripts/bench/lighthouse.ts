/**
 * Lighthouse mobile scores of our public pages beside the stack floor's, in
 * the same run: `../shared/stack-floor/lighthouse.sh URL` builds the bare
 * shell of our stack, scores it three times, then scores our page three
 * times. Needs that script beside the repository and Debian chromium.
 * (Home and the quote need a session, which this run does not have.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startBuiltServer, waitForHealth } from './server-process.ts';

const FLOOR_SCRIPT = '../shared/stack-floor/lighthouse.sh';
const PAGES = ['/sign-in', '/country-of-residence'];
const PORT = 8283;

export async function benchLighthouse(): Promise<string[] | undefined> {
  if (!existsSync(FLOOR_SCRIPT)) return undefined;
  const base = `http://127.0.0.1:${PORT}`;
  const child = startBuiltServer(PORT);
  try {
    await waitForHealth(child, base);
    return PAGES.flatMap((page) =>
      execFileSync('bash', [FLOOR_SCRIPT, `${base}${page}`], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => / run \d/.test(line))
        .map((line) => `${page.padEnd(22)} ${line}`),
    );
  } finally {
    child.kill();
  }
}
