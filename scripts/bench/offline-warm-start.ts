/**
 * Offline warm start (issue 36): each signed-in page opened without a network, its service worker warm (installed,
 * controlling, just used), on a CPU slowed 4× (DevTools' `Emulation.setCPUThrottlingRate`), timed from the
 * navigation's start until the customer's last-known data and its age are on screen.
 *
 * "On screen", per page (`ON_SCREEN`): an element holding the customer's data (their name, the recipient's, the
 * address, a wallet), and the offline notice that says the data's age ("You're offline. Last updated 14:05; …") as
 * many times as the page has last-known parts, each visible. `offline-timing.ts` times it: a script the bench puts
 * in the page before the app's (not the app's code) watches the DOM from its first node; the time is the start of
 * the frame that first paints both, on the page's clock, whose zero is the navigation's start. The stack floor's
 * bare shell is timed the same way first (`offline-floor.ts`), so each page's figure has this machine's least beside it.
 *
 * One customer (signed up, onboarded, a recipient, a transfer awaiting payment) opens every page online first, so
 * the worker installs, controls the page and stores each page's answers; then, offline and throttled, each page is
 * opened once unmeasured (its answers must be there) and `runs` times measured.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { addRecipient, awaitingPayment, onboard, signUp } from './customer.ts';
import { pickNamed } from './lighthouse-pages.ts';
import { machineLoad } from './machine-load.ts';
import { floorPresent, timeFloorOffline } from './offline-floor.ts';
import { type OfflineTiming, type OnScreen, timeOffline, untilControlled } from './offline-timing.ts';
import { floorSummary, offlineSummary } from './offline-warm-summary.ts';
import { startBuiltServer, stopProcess, waitForHealth } from './server-process.ts';

const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 8285);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
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

/** The page's session preset as the app keeps it (lighthouse-score.ts does the same), the cookie notice answered. */
async function signIn(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/healthz`);
  await page.evaluate(`localStorage.setItem('access-token', ${JSON.stringify(token)})`);
  await page.evaluate(`localStorage.setItem('cookie-consent', 'necessary-only')`);
}

/**
 * The stack floor's runs (`offline-floor.ts`, when it is beside the repository), then each page's (those `names`
 * names, or every page), and a line for each against the goal, with the page's median as a multiple of the floor's
 * (`offline-warm-summary.ts`).
 */
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
    const floor = floorPresent() ? await timeFloorOffline(browser, runs) : undefined;
    const lines = [
      floor ? floorSummary(floor) : `floor      (skipped: ../shared/stack-floor is not beside the repository)`,
    ];
    for (const { name, path, onScreen } of pages) {
      const timing: OfflineTiming = {
        name,
        url: `${base}${path}`,
        onScreen,
        visitOnline: async (page) => {
          await signIn(page, base, token);
          await page.goto(`${base}/home`);
          await untilControlled(page);
          await page.goto(`${base}${path}`);
          await page.locator(onScreen.selector, { hasText: onScreen.text }).first().waitFor();
        },
      };
      lines.push(offlineSummary(name, await timeOffline(browser, timing, runs), floor));
    }
    lines.unshift(`load average after: ${machineLoad()}`);
    return lines;
  } finally {
    await browser?.close();
    await stopProcess(server);
  }
}
