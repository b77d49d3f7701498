/**
 * Lighthouse mobile scores of our pages beside the stack floor's, in the same
 * run: `../shared/stack-floor/lighthouse.sh URL` builds the bare shell of our
 * stack, scores it three times, then scores our page three times. Needs that
 * script beside the repository and Debian chromium.
 *
 * Signed-in pages (home, the quote) are scored with the same Lighthouse (the
 * copy the floor script installs) on a browser that holds a fresh customer's
 * session in localStorage and nothing else: no service worker, no cache, as a
 * customer's first visit after signing in elsewhere.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
      await new Promise((r) => setTimeout(r, 100));
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
    // /healthz is JSON: the app never runs there, so no worker is installed and nothing is cached
    const connected = await connectWhenReady();
    const tab = await connected.contexts()[0]?.newPage();
    if (!tab) throw new Error('chromium has no default context');
    await tab.goto(`${base}/healthz`);
    await tab.evaluate(`localStorage.setItem('access-token', ${JSON.stringify(token)})`);
    await tab.close();
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

/** Each signed-in page scored RUNS times, as lines like the floor script's. */
export async function scoreSignedInPages(base: string): Promise<string[]> {
  const token = await signUp(base);
  await onboard(base, token);
  const lines: string[] = [];
  for (const page of SIGNED_IN_PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const s = await scoreSignedIn(base, page, token);
      lines.push(
        `${page.padEnd(22)} signed-in run ${run}: perf ${s.perf} LCP_ms ${s.lcpMs} TBT_ms ${s.tbtMs} CLS ${s.cls}`,
      );
    }
  }
  return lines;
}

export async function benchLighthouse(): Promise<string[] | undefined> {
  if (!existsSync(FLOOR_SCRIPT)) return undefined;
  const base = `http://127.0.0.1:${PORT}`;
  const child = startBuiltServer(PORT);
  try {
    await waitForHealth(child, base);
    const lines = PUBLIC_PAGES.flatMap((page) =>
      execFileSync('bash', [FLOOR_SCRIPT, `${base}${page}`], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => / run \d/.test(line))
        .map((line) => `${page.padEnd(22)} ${line}`),
    );
    if (!existsSync(LIGHTHOUSE)) return [...lines, '(signed-in pages skipped: the floor script installs Lighthouse)'];
    return [...lines, ...(await scoreSignedInPages(base))];
  } finally {
    child.kill();
  }
}
