/**
 * Lighthouse mobile scores of our pages beside the stack floor's, in the same
 * run: `../shared/stack-floor/lighthouse.sh URL` builds the bare shell of our
 * stack, scores it three times, then scores our page three times. Needs that
 * script beside the repository and Debian chromium.
 *
 * Signed-in pages (home, the quote) are scored with the same Lighthouse (the
 * copy the floor script installs) on a browser where the customer has used the
 * app (their session and what the app keeps in localStorage), then lost every
 * cached byte: no service worker, no Cache Storage, no HTTP cache, as a phone
 * that cleared its caches; the floor is scored three times just before them. Each page ends with its median and range beside the
 * floor's of the same run, and the goal (performance within 3 points of the
 * floor, LCP at most 1.2 times the floor's, CLS under 0.05).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { onboard, signUp } from './customer.ts';
import { startBuiltServer, waitForHealth } from './server-process.ts';

const FLOOR_SCRIPT = '../shared/stack-floor/lighthouse.sh';
const PUBLIC_PAGES = ['/sign-in', '/country-of-residence'];
const SIGNED_IN_PAGES = ['/home', '/send-money/quote'];
const PORT = 8283;
const DEBUGGING_PORT = 9333;
const RUNS = 3;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = join(process.env.TMPDIR ?? tmpdir(), 'stack-floor-lh', 'node_modules', '.bin', 'lighthouse');

interface Score {
  perf: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function readScore(file: string): Score {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const audit = (id: string) => report.audits[id].numericValue as number;
  return {
    perf: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
  };
}

async function connectWhenReady() {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${DEBUGGING_PORT}`);
    } catch (error) {
      if (attempt === 50) throw error;
      await sleep(100);
    }
  }
}

/** One Lighthouse run of a signed-in page on a browser holding only the session. */
async function scoreSignedIn(base: string, page: string, token: string): Promise<Score> {
  const profile = mkdtempSync(join(tmpdir(), 'sarraf-lh-'));
  const browser: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    const connected = await connectWhenReady();
    const tab = await connected.contexts()[0]?.newPage();
    if (!tab) throw new Error('chromium has no default context');
    await tab.goto(`${base}/healthz`);
    await tab.evaluate(`localStorage.setItem('access-token', ${JSON.stringify(token)})`);
    await tab.goto(`${base}/home`);
    // the page's CSP refuses the eval behind waitForFunction; ask until the app has described the customer
    while ((await tab.evaluate(`localStorage.getItem('onboarding-step')`)) === null) await sleep(100);
    await tab.evaluate(`(async () => {
      await (await navigator.serviceWorker.ready).unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    })()`);
    await (await tab.context().newCDPSession(tab)).send('Network.clearBrowserCache');
    await tab.close();
    // a worker's registration ends once no page uses it: wait until it has
    const check = await tab.context().newPage();
    await check.goto(`${base}/healthz`);
    while (await check.evaluate(`navigator.serviceWorker.getRegistrations().then((all) => all.length > 0)`))
      await sleep(100);
    await check.close();
    await connected.close();
    const report = join(profile, 'report.json');
    execFileSync(LIGHTHOUSE, [
      `${base}${page}`,
      `--port=${DEBUGGING_PORT}`,
      '--disable-storage-reset',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ]);
    return readScore(report);
  } finally {
    const running = browser.exitCode === null && browser.signalCode === null;
    const exited = running ? new Promise((resolve) => browser.once('exit', resolve)) : Promise.resolve();
    browser.kill();
    await exited;
    // chromium's helper processes may still be writing for a moment after it exits: best effort
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch {
      console.warn(`left ${profile} behind`);
    }
  }
}

const line = (page: string, who: string, run: number, s: Score) =>
  `${page.padEnd(22)} ${who} run ${run}: perf ${s.perf} LCP_ms ${s.lcpMs} TBT_ms ${s.tbtMs} CLS ${s.cls.toFixed(3)}`;

/** The floor script's lines (`floor run 1: perf 99 LCP_ms 1913 TBT_ms 0 CLS 0.000`) as scores. */
function parseRuns(output: string, who: 'floor' | 'page'): Score[] {
  const runs: Score[] = [];
  for (const match of output.matchAll(
    new RegExp(`^${who} run \\d+: perf (\\d+) LCP_ms (\\d+) TBT_ms (\\d+) CLS ([\\d.]+)$`, 'gm'),
  )) {
    runs.push({ perf: Number(match[1]), lcpMs: Number(match[2]), tbtMs: Number(match[3]), cls: Number(match[4]) });
  }
  return runs;
}

/** The floor scored RUNS times by its script (no page of ours). */
function scoreFloor(): Score[] {
  return parseRuns(execFileSync('bash', [FLOOR_SCRIPT], { encoding: 'utf8' }), 'floor');
}

/** A page's median and range beside the floor's of the same run, and whether the goal is met. */
function summary(page: string, runs: Score[], floor: Score[]): string {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
  const spread = (values: number[]) => `${median(values)} [${Math.min(...values)}–${Math.max(...values)}]`;
  const perf = median(runs.map((r) => r.perf));
  const lcp = median(runs.map((r) => r.lcpMs));
  const floorPerf = median(floor.map((r) => r.perf));
  const floorLcp = median(floor.map((r) => r.lcpMs));
  const cls = Math.max(...runs.map((r) => r.cls));
  const met = floorPerf - perf <= 3 && lcp <= 1.2 * floorLcp && cls < 0.05;
  return (
    `${page.padEnd(22)} median [range] of ${runs.length}: perf ${spread(runs.map((r) => r.perf))} (floor ${spread(floor.map((r) => r.perf))}), ` +
    `LCP ${spread(runs.map((r) => r.lcpMs))} ms (floor ${spread(floor.map((r) => r.lcpMs))} ms, ${(lcp / floorLcp).toFixed(2)}×), ` +
    `CLS max ${cls.toFixed(3)}: goal ${met ? 'met' : 'not met'}`
  );
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

export async function benchLighthouse(): Promise<string[] | undefined> {
  if (!existsSync(FLOOR_SCRIPT)) return undefined;
  const base = `http://127.0.0.1:${PORT}`;
  const child = startBuiltServer(PORT);
  const lines = [`load average before: ${loadAverage()}`];
  const summaries: string[] = [];
  try {
    await waitForHealth(child, base);
    for (const page of PUBLIC_PAGES) {
      const output = execFileSync('bash', [FLOOR_SCRIPT, `${base}${page}`], { encoding: 'utf8' });
      const floor = parseRuns(output, 'floor');
      const runs = parseRuns(output, 'page');
      for (const [n, s] of floor.entries()) lines.push(line(page, 'floor', n + 1, s));
      for (const [n, s] of runs.entries()) lines.push(line(page, 'page', n + 1, s));
      summaries.push(summary(page, runs, floor));
    }
    if (!existsSync(LIGHTHOUSE)) {
      lines.push('(signed-in pages skipped: the floor script installs Lighthouse)');
    } else {
      const token = await signUp(base);
      await onboard(base, token);
      const floor = scoreFloor();
      for (const [n, s] of floor.entries()) lines.push(line('(signed-in pages)', 'floor', n + 1, s));
      for (const page of SIGNED_IN_PAGES) {
        const runs: Score[] = [];
        for (let run = 1; run <= RUNS; run++) runs.push(await scoreSignedIn(base, page, token));
        for (const [n, s] of runs.entries()) lines.push(line(page, 'signed-in', n + 1, s));
        summaries.push(summary(page, runs, floor));
      }
    }
    return [...lines, `load average after: ${loadAverage()}`, ...summaries];
  } finally {
    child.kill();
  }
}
