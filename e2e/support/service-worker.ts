import { type BrowserContext, type CDPSession, expect, type Page } from '@playwright/test';

/** Waits until sw.js is active and controls the page (its precache is then complete). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Puts another tab in front so `page` no longer has focus, for the browser as
 * well as for the page (Playwright otherwise emulates focus on every page).
 */
export async function sendToBackground(context: BrowserContext, page: Page): Promise<Page> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const other = await context.newPage();
  await other.goto('about:blank');
  await other.bringToFront();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);
  return other;
}

/**
 * Delivers a web push to the page's service worker through the DevTools
 * protocol, as the browser does when its push service hands one over.
 */
export class PushDelivery {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly origin: string,
    private readonly registrationId: string,
  ) {}

  static async attach(context: BrowserContext, page: Page): Promise<PushDelivery> {
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
        if (ours && !ours.isDeleted) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    return new PushDelivery(cdp, origin, await registered);
  }

  async deliver(data: unknown): Promise<void> {
    await this.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: this.origin,
      registrationId: this.registrationId,
      data: typeof data === 'string' ? data : JSON.stringify(data),
    });
  }
}
