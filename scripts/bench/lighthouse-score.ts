/**
 * One Lighthouse mobile run of one of our pages, with the copy of Lighthouse
 * the stack floor's script installs, on a Chromium of its own whose storage
 * is preset first: the session of a signed-in customer, the cookie notice's
 * answer, or neither (a first visit). A customer's browser has opened the app
 * once (what it keeps in localStorage) and then lost every cached byte: no
 * service worker, no Cache Storage, no HTTP cache, as a phone that cleared
 * its caches. A run that ends anywhere but on the page asked for (a guard's
 * redirect) is an error: it would score another page.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Page } from '@playwright/test';

const DEBUGGING_PORT = 9333;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const LIGHTHOUSE = join(process.env.TMPDIR ?? tmpdir(), 'stack-floor-lh', 'node_modules', '.bin', 'lighthouse');

export interface Score {
  perf: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** A page's run: its score, and what Lighthouse found to be its largest contentful paint. */
export interface PageScore extends Score {
  lcpElement: string;
}

/** What the browser holds before the run: a customer's session, and the cookie notice's answer (unanswered if absent). */
export interface Preset {
  token?: string;
  consent?: 'necessary-only';
}

/** The first DOM node a Lighthouse details table names, as its label or snippet. */
function firstNode(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const node = (details as { node?: { nodeLabel?: string; snippet?: string } }).node;
  if (node) return node.nodeLabel ?? node.snippet;
  for (const value of Object.values(details)) {
    const found = firstNode(value);
    if (found) return found;
  }
  return undefined;
}

function readScore(file: string, url: string): PageScore {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const shown = new URL(report.finalDisplayedUrl ?? report.finalUrl);
  if (shown.pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse asked for ${url} but ended on ${shown.href}: a guard sent it elsewhere`);
  }
  const audit = (id: string) => report.audits[id].numericValue as number;
  return {
    perf: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    lcpElement: firstNode(report.audits['largest-contentful-paint-element']?.details) ?? '(none)',
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

/** The customer opens the app once, so it keeps what it keeps in localStorage; then its worker and caches go; the tab left open on /healthz. */
async function openAppOnce(tab: Page, base: string): Promise<Page> {
  await tab.goto(`${base}/home`);
  // the page's CSP refuses the eval behind waitForFunction; ask until the app has described the customer
  while ((await tab.evaluate(`localStorage.getItem('onboarding-step')`)) === null) await sleep(100);
  await tab.evaluate(`(async () => {
    await (await navigator.serviceWorker.ready).unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  })()`);
  await tab.close();
  // a worker's registration ends once no page uses it: wait until it has
  const check = await tab.context().newPage();
  await check.goto(`${base}/healthz`);
  while (await check.evaluate(`navigator.serviceWorker.getRegistrations().then((all) => all.length > 0)`))
    await sleep(100);
  return check;
}

/**
 * One Lighthouse run of `base` + `path` on a browser holding only what `preset` says; `keepAs`, a path without its
 * extension where the run is kept for a look at why a page scores as it does: its whole JSON report (`keepAs`.json:
 * the requests, the LCP's parts) and what Lighthouse gathered (the folder `keepAs`: trace and DevTools log), which
 * `lighthouse-without.ts` audits again without some of the requests.
 */
export async function scorePage(base: string, path: string, preset: Preset, keepAs?: string): Promise<PageScore> {
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
    const context = connected.contexts()[0];
    const tab = await context?.newPage();
    if (!context || !tab) throw new Error('chromium has no default context');
    await tab.goto(`${base}/healthz`);
    const items = { 'access-token': preset.token, 'cookie-consent': preset.consent };
    for (const [key, value] of Object.entries(items)) {
      if (value !== undefined) await tab.evaluate(`localStorage.setItem('${key}', ${JSON.stringify(value)})`);
    }
    const left = preset.token ? await openAppOnce(tab, base) : tab;
    await (await context.newCDPSession(left)).send('Network.clearBrowserCache');
    await left.close();
    await connected.close();
    const report = join(profile, 'report.json');
    execFileSync(LIGHTHOUSE, [
      `${base}${path}`,
      `--port=${DEBUGGING_PORT}`,
      '--disable-storage-reset',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      ...(keepAs ? [`--gather-mode=${keepAs}`, `--audit-mode=${keepAs}`] : []),
    ]);
    if (keepAs) copyFileSync(report, `${keepAs}.json`);
    return readScore(report, `${base}${path}`);
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
