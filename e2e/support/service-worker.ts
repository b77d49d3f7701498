import { type BrowserContext, type CDPSession, expect, type Page, type Worker } from '@playwright/test';

/** Waits until sw.js is active and controls the page (its precache is then complete). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The context's service worker (Playwright keeps it running while attached). */
export async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Puts another tab in front so `page` no longer has focus, for the browser as
 * well as for the page (Playwright otherwise emulates focus on every page),
 * and waits until the worker, which decides between a system notification and
 * the open window on `WindowClient.focused`, sees no focused window either.
 */
export async function sendToBackground(context: BrowserContext, page: Page): Promise<Page> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const other = await context.newPage();
  await other.goto('about:blank');
  await other.bringToFront();
  await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);
  const worker = await serviceWorkerOf(context);
  await expect
    .poll(
      () =>
        worker.evaluate(async () => {
          const scope = self as unknown as {
            clients: { matchAll: (options: object) => Promise<readonly { focused: boolean }[]> };
          };
          const open = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
          return open.filter((client) => client.focused).length;
        }),
      { message: 'windows the service worker still sees focused' },
    )
    .toBe(0);
  return other;
}

/** How long the browser may take to run a push's event before its push service hands the push over again. */
const PUSH_HANDLED_WITHIN_MS = 15_000;
const PUSH_ATTEMPTS = 3;

/** What DevTools' background services record reports of one push event. */
interface PushReport {
  registrationId: string;
  name: string;
  /** the payload of a dispatched event, the status of a completed one */
  payload?: string;
  status?: string;
  text: string;
}

/**
 * Delivers a web push to the page's service worker through the DevTools
 * protocol, as the browser does when its push service hands one over, and
 * waits until the browser reports the worker's push event completed. A push
 * service holds a message until the browser has taken it (RFC 8030 §5): a push
 * whose event the browser never reports is handed over again, and the test's
 * output says so; an event that completed otherwise than with success fails.
 *
 * The record names no push (its events' `instanceId` is empty here), so a
 * delivery is known by its payload in the "dispatched" report, and its event
 * as done once as many events have completed as had been dispatched up to and
 * including it: a push handed over again whose first hand-over completes late
 * is then counted for the delivery it belongs to, not for the next one.
 */
export class PushDelivery {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly origin: string,
    private readonly registrationId: string,
    /** What the browser reported of push events, in order. */
    private readonly reports: PushReport[],
  ) {}

  static async attach(context: BrowserContext, page: Page): Promise<PushDelivery> {
    // what the worker warns of (a push it ignored, a failed handler) goes to the test's output, for a failure to show
    (await serviceWorkerOf(context)).on('console', (message) => {
      if (message.type() !== 'log') console.log(`service worker ${message.type()}: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(page);
    const origin = new URL(page.url()).origin;
    // The worker that controls this page: the protocol also reports the registrations of the browser's earlier
    // test contexts on the same origin, and a push delivered to one of those reached no page of this test.
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.find((version) => version.controlledClients?.includes(targetInfo.targetId));
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const reports: PushReport[] = [];
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      const value = (key: string) => event.eventMetadata.find((entry) => entry.key === key)?.value;
      const metadata = event.eventMetadata.map(({ key, value }) => `${key}: ${value}`).join(', ');
      reports.push({
        registrationId: event.serviceWorkerRegistrationId,
        name: event.eventName,
        payload: value('Payload'),
        status: value('Status') ?? (event.eventName === 'Push event completed' ? 'no status' : undefined),
        text: `${event.eventName} (registration ${event.serviceWorkerRegistrationId}) ${metadata}`,
      });
    });
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
    return new PushDelivery(cdp, origin, await registered, reports);
  }

  /** This worker's reports named `name`, in order. */
  private ours(name: string): PushReport[] {
    return this.reports.filter((report) => report.registrationId === this.registrationId && report.name === name);
  }

  private record(): string {
    return this.reports.map(({ text }) => text).join('; ') || 'nothing reported';
  }

  async deliver(data: unknown): Promise<void> {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    const before = this.ours('Push event dispatched').length;
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt += 1) {
      await this.cdp.send('ServiceWorker.deliverPushMessage', {
        origin: this.origin,
        registrationId: this.registrationId,
        data: payload,
      });
      const handled = await expect
        .poll(
          () => {
            const dispatched = this.ours('Push event dispatched');
            const mine = dispatched.findIndex((report, at) => at >= before && report.payload === payload);
            return mine >= 0 && this.ours('Push event completed').length > mine;
          },
          { timeout: PUSH_HANDLED_WITHIN_MS },
        )
        .toBe(true)
        .then(() => true)
        .catch(() => false);
      if (handled) {
        const failed = this.ours('Push event completed').find(({ status }) => status !== 'Success');
        if (failed) throw new Error(`the worker's push event ended "${failed.status}": ${this.record()}`);
        return;
      }
      console.log(
        `push attempt ${attempt}: no push event reported within ${PUSH_HANDLED_WITHIN_MS} ms (${this.record()})`,
      );
    }
    throw new Error(`the browser ran no push event for ${PUSH_ATTEMPTS} deliveries: ${this.record()}`);
  }
}
