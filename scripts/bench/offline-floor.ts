/**
 * The stack floor's offline warm start, timed in the same run as Sarraf's pages (`offline-warm-start.ts`): the bare
 * shell of our own stack beside the repository (`../shared/stack-floor`: the same libraries, two routes, a Workbox
 * worker), built by its `measure.sh` and served by its `serve.mjs`, then opened offline exactly as a page of ours is
 * (`offline-timing.ts`), until its shell's text is on screen. It says what this machine and browser take for the
 * least a page of this stack can do offline, so a page's figure can be read against it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { type OfflineTiming, timeOffline, untilControlled } from './offline-timing.ts';
import { stopProcess, waitForHealth } from './server-process.ts';

const FLOOR_DIR = '../shared/stack-floor';
const PORT = Number(process.env.BENCH_OFFLINE_FLOOR_PORT ?? 8286);
/** The floor's one screen, as its `e2e/offline.spec.ts` checks it offline. */
const SHELL = { selector: '#shell', text: 'Scout app shell', notices: 0 };

/** Whether the floor is beside the repository. */
export const floorPresent = (): boolean => existsSync(join(FLOOR_DIR, 'measure.sh'));

/** The floor built (its `measure.sh` builds it into its dist/) and served until `use` ends. */
async function servedFloor<T>(use: (base: string) => Promise<T>): Promise<T> {
  execFileSync('bash', [join(FLOOR_DIR, 'measure.sh')], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${PORT}`;
  const server: ChildProcess = spawn('node', [join(FLOOR_DIR, 'serve.mjs'), join(FLOOR_DIR, 'dist'), String(PORT)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // the floor's server answers any path, `/healthz` with its shell
    await waitForHealth(server, base);
    return await use(base);
  } finally {
    await stopProcess(server);
  }
}

/** The floor's `runs` offline opens of its home (ms each), the browser and slowdown the same as for our pages. */
export function timeFloorOffline(browser: Browser, runs: number): Promise<number[]> {
  return servedFloor((base) => {
    const floor: OfflineTiming = {
      name: 'floor',
      url: `${base}/`,
      onScreen: SHELL,
      visitOnline: async (page) => {
        await page.goto(`${base}/`);
        await untilControlled(page);
        await page.locator(SHELL.selector, { hasText: SHELL.text }).waitFor();
      },
    };
    return timeOffline(browser, floor, runs);
  });
}
