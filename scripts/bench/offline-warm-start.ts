/**
 * Offline warm start (issue 36): each signed-in page opened without a network, its service worker warm (installed,
 * controlling, just used), on a CPU slowed 4× (DevTools' `Emulation.setCPUThrottlingRate`), timed from the
 * navigation's start until the customer's last-known data and its age are on screen.
 *
 * "On screen", per page (`ON_SCREEN`): an element holding the customer's data (their name, the recipient's, the
 * address, a wallet), and the offline notice that says the data's age ("You're offline. Last updated 14:05; …") as
 * many times as the page has last-known parts, each visible (`checkVisibility`). A script the bench puts in the page
 * before the app's (not the app's code) watches the DOM from its first node; the time is the start of the frame that
 * first paints both (the `requestAnimationFrame` after the DOM holds them), on the page's clock, whose zero is the
 * navigation's start.
 *
 * One customer (signed up, onboarded, a recipient, a transfer awaiting payment) opens every page online first, so
 * the worker installs, controls the page and stores each page's answers; then, offline and throttled, each page is
 * opened once unmeasured (its answers must be there) and `runs` times measured.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { addRecipient, awaitingPayment, onboard, signUp } from './customer.ts';
import { pickNamed } from './lighthouse-pages.ts';
import { machineLoad } from './machine-load.ts';
import { offlineSummary } from './offline-warm-summary.ts';
import { startBuiltServer, stopProcess, waitForHealth } from './server-process.ts';

const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 8285);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
/** A run that has not shown the page by then has failed. */
const GIVE_UP_MS = 15_000;
/** The offline notice's opening words (en-GB): it says the age of what is shown. */
const NOTICE_START = "You're offline. Last updated";

/** What must be on screen: an element matching `selector` whose text holds `text`, and `notices` offline notices. */
interface OnScreen {
  selector: string;
  text: string;
  notices: number;
}

interface OfflinePage {
  name: string;
  path: string;
  onScreen: OnScreen;
}

/** The bench customer's (customer.ts): Amina Warsame of 12 Station Road, whose recipient is Wanjiru Kamau. */
const RECIPIENT = 'Wanjiru Kamau';
const ON_SCREEN = (transRef: string): OfflinePage[] => [
  // the greeting by name, and the notices of its two last-known parts (the customer's data and limit, the wallets)
  { name: 'home', path: '/home', onScreen: { selector: 'h1', text: 'Hello, Amina', notices: 2 } },
  {
    name: 'transfers',
    path: '/transfers',
    onScreen: { selector: 'article h2, article h3', text: RECIPIENT, notices: 1 },
  },
  {
    name: 'transfer',
    path: `/transfers/${transRef}`,
    onScreen: { selector: 'h1', text: `Transfer to ${RECIPIENT}`, notices: 1 },
  },
  {
    name: 'recipients',
    path: '/recipients',
    onScreen: { selector: 'ul[aria-label="Your recipients"] li', text: RECIPIENT, notices: 1 },
  },
  // the GBP wallet, and the notices of its five last-known parts (wallets, recent transactions, saved cards, rate
  // alerts, conversions)
  { name: 'wallets', path: '/wallets', onScreen: { selector: 'li a[href^="/wallets/"]', text: 'GBP', notices: 5 } },
  { name: 'profile', path: '/profile', onScreen: { selector: 'dd', text: '12 Station Road', notices: 1 } },
];

/**
 * The script put in the page before the app (Playwright's init script: the page's CSP does not apply), as text: tsx
 * would add its own helpers to a function's source. It reports through `__offlineOnScreen` the start of the frame
 * that first paints what `want` names.
 */
const watchOnScreen = (want: OnScreen) => `(() => {
  const want = ${JSON.stringify(want)};
  const noticeStart = ${JSON.stringify(NOTICE_START)};
  const shown = (el) => el.checkVisibility();
  const done = () =>
    [...document.querySelectorAll(want.selector)].some((el) => el.textContent.includes(want.text) && shown(el)) &&
    [...document.querySelectorAll('p[role="status"]')].filter((el) => el.textContent.startsWith(noticeStart) && shown(el))
      .length >= want.notices;
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    const seen = performance.now();
    requestAnimationFrame((frame) => window.__offlineOnScreen(Math.max(seen, frame)));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** The page's session preset as the app keeps it (lighthouse-score.ts does the same), the cookie notice answered. */
async function signIn(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/healthz`);
  await page.evaluate(`localStorage.setItem('access-token', ${JSON.stringify(token)})`);
  await page.evaluate(`localStorage.setItem('cookie-consent', 'necessary-only')`);
}

/** Opens the page online once the worker controls it, so the worker stores the page's answers. */
async function visitOnline(page: Page, base: string, { path, onScreen }: OfflinePage): Promise<void> {
  await page.goto(`${base}/home`);
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  const controlled = () => page.evaluate('navigator.serviceWorker.controller !== null');
  if (!(await controlled())) await page.reload();
  while (!(await controlled())) await page.waitForTimeout(100);
  await page.goto(`${base}${path}`);
  await page.locator(onScreen.selector, { hasText: onScreen.text }).first().waitFor();
}

/** One offline open of `url`: ms from the navigation's start until its data and age are on screen. */
async function openOffline(page: Page, url: string, arrived: { next?: (ms: number) => void }): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const measured = new Promise<number>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${url}: not on screen within ${GIVE_UP_MS} ms`)), GIVE_UP_MS);
    arrived.next = resolve;
  });
  try {
    await page.goto(url, { waitUntil: 'commit' });
    return await measured;
  } finally {
    clearTimeout(timer);
  }
}

/** Each page's runs (those `names` names, or every page), then a line per page against the goal (offline-warm-summary.ts). */
export async function benchOfflineWarmStart(runs: number, names?: string[]): Promise<string[]> {
  const base = `http://127.0.0.1:${PORT}`;
  const server = await startBuiltServer(PORT);
  let browser: Browser | undefined;
  try {
    await waitForHealth(server, base);
    const token = await signUp(base);
    await onboard(base, token);
    const every = ON_SCREEN(await awaitingPayment(base, token, await addRecipient(base, token)));
    const picked = pickNamed(
      every.map(({ name }) => name),
      names,
    );
    const pages = every.filter(({ name }) => picked.includes(name));
    console.log(`load average before: ${machineLoad()}`);
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const lines: string[] = [];
    for (const offlinePage of pages) {
      // a context per page: each page's init script is its own, and its worker is warm from its own online visit
      const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'allow' });
      const arrived: { next?: (ms: number) => void } = {};
      await context.exposeFunction('__offlineOnScreen', (ms: number) => arrived.next?.(ms));
      await context.addInitScript(watchOnScreen(offlinePage.onScreen));
      const page = await context.newPage();
      await signIn(page, base, token);
      await visitOnline(page, base, offlinePage);
      await context.setOffline(true);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const url = `${base}${offlinePage.path}`;
      const times: number[] = [];
      // the first offline open is not counted: it shows the answers are there (else it fails)
      for (let run = 0; run <= runs; run++) {
        const ms = await openOffline(page, url, arrived);
        if (run > 0) times.push(ms);
        console.log(`${offlinePage.name} ${run === 0 ? 'unmeasured' : `run ${run}`}: ${Math.round(ms)} ms`);
      }
      lines.push(offlineSummary(offlinePage.name, times));
      await context.close();
    }
    lines.unshift(`load average after: ${machineLoad()}`);
    return lines;
  } finally {
    await browser?.close();
    await stopProcess(server);
  }
}
