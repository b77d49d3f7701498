/**
 * How the offline warm-start bench times one page (`offline-warm-start.ts` names Sarraf's pages, `offline-floor.ts`
 * the stack floor's): opened offline, its service worker warm, on a CPU slowed 4× (DevTools'
 * `Emulation.setCPUThrottlingRate`), from the navigation's start until what it must show is on screen.
 */
import type { Browser, Page } from '@playwright/test';

const CPU_SLOWDOWN = 4;
/** A run that has not shown the page by then has failed. */
const GIVE_UP_MS = 15_000;
/** The offline notice's opening words (en-GB): it says the age of what is shown. */
const NOTICE_START = "You're offline. Last updated";

/** What must be on screen: an element matching `selector` whose text holds `text`, and `notices` offline notices. */
export interface OnScreen {
  selector: string;
  text: string;
  notices: number;
}

/**
 * The script put in the page before the app (Playwright's init script: the page's CSP does not apply), as text: tsx
 * would add its own helpers to a function's source. It reports through `__offlineOnScreen` the start of the frame
 * that first paints what `want` names. It looks at the start of each frame after the DOM changed, not at each change:
 * whether an element is visible needs the page laid out, and at a frame's start the browser lays it out for that
 * frame's paint anyway, while a look at each change laid the page out once more for every render in between.
 */
const watchOnScreen = (want: OnScreen) => `(() => {
  const want = ${JSON.stringify(want)};
  const noticeStart = ${JSON.stringify(NOTICE_START)};
  const shown = (el) => el.checkVisibility();
  const done = () =>
    [...document.querySelectorAll(want.selector)].some((el) => el.textContent.includes(want.text) && shown(el)) &&
    [...document.querySelectorAll('p[role="status"]')].filter((el) => el.textContent.startsWith(noticeStart) && shown(el))
      .length >= want.notices;
  let asked = false;
  const look = (frame) => {
    asked = false;
    if (!done()) return;
    observer.disconnect();
    window.__offlineOnScreen(frame);
  };
  const observer = new MutationObserver(() => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(look);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

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

/** What one timed page needs: its name, URL, what must be on screen, and its online visit (the worker warm after it). */
export interface OfflineTiming {
  name: string;
  url: string;
  onScreen: OnScreen;
  visitOnline: (page: Page) => Promise<void>;
}

/**
 * A page's `runs` offline opens, in a context of its own (its init script is its own, and its worker is warm from its
 * own online visit), throttled; the first offline open is not counted: it shows the answers are there (else it fails).
 */
export async function timeOffline(browser: Browser, timing: OfflineTiming, runs: number): Promise<number[]> {
  const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'allow' });
  try {
    const arrived: { next?: (ms: number) => void } = {};
    await context.exposeFunction('__offlineOnScreen', (ms: number) => arrived.next?.(ms));
    await context.addInitScript(watchOnScreen(timing.onScreen));
    const page = await context.newPage();
    await timing.visitOnline(page);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const times: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const ms = await openOffline(page, timing.url, arrived);
      if (run > 0) times.push(ms);
      console.log(`${timing.name} ${run === 0 ? 'unmeasured' : `run ${run}`}: ${Math.round(ms)} ms`);
    }
    return times;
  } finally {
    await context.close();
  }
}

/** Waits until the page's service worker controls it (reloading once, as a first visit's page is not controlled). */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  const controlled = () => page.evaluate('navigator.serviceWorker.controller !== null');
  if (!(await controlled())) await page.reload();
  while (!(await controlled())) await page.waitForTimeout(100);
}
