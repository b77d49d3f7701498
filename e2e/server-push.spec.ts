import { LocalPushEndpoint } from '../tests/support/local-push-endpoint.ts';
import { CARDS, PaymentResultPage, PayPage } from './page-models/send-money-pages.ts';
import { customerAtHome } from './support/api-customer.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { kenyanRecipient, startTransfer } from './support/send-money-flow.ts';
import {
  PushDelivery,
  sendToBackground,
  serviceWorkerOf,
  waitForServiceWorkerControl,
} from './support/service-worker.ts';
import { expect, test } from './support/test.ts';
import { WHOLE_BROWSER } from './support/whole-browser.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

/**
 * In the worker: what Chromium does when the customer clicks the notification
 * shown, a `notificationclick` event carrying it to the worker's listeners. An
 * event made by script is untrusted and its own `waitUntil` refuses it, so the
 * work the handler hands over is awaited here instead.
 */
async function clickTheNotification(): Promise<void> {
  const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (e: Event) => boolean };
  const { NotificationEvent } = globalThis as unknown as {
    NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  };
  const [notification] = await scope.registration.getNotifications();
  if (!notification) throw new Error('no notification is shown');
  const click = new NotificationEvent('notificationclick', { notification });
  const handed: Promise<unknown>[] = [];
  Object.defineProperty(click, 'waitUntil', { value: (work: Promise<unknown>) => handed.push(work) });
  scope.dispatchEvent(click);
  if (handed.length === 0) throw new Error('the worker has no notificationclick handler');
  await Promise.all(handed);
}

/**
 * The server's half and the browser's half of web push, end to end: the server
 * encrypts and sends a real push to a push endpoint on this machine (a browser's
 * real push service is out of reach here), the endpoint decrypts it with the
 * subscription's keys, and the browser's push service role is played by the
 * DevTools protocol, which hands the decrypted push to the worker.
 */
test.describe('web push from the server', () => {
  let pushService: LocalPushEndpoint;
  test.beforeAll(async () => {
    pushService = await LocalPushEndpoint.start();
  });
  test.afterAll(async () => {
    await pushService.close();
  });

  test('the push permission modal is offered after a navigation, once: "Not now" is remembered', {
    tag: WHOLE_BROWSER,
  }, async ({ page, context }) => {
    test.setTimeout(120_000);
    await customerAtHome(page, context.request);
    // this device has not answered yet (the other specs' devices have: playwright.config.ts)
    await page.evaluate(() => localStorage.removeItem('push-prompt'));
    // and its worker is in place: without one there is nothing to subscribe with, so nothing is asked
    await waitForServiceWorkerControl(page);
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Know when your money arrives' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt, 'not on the page the customer arrived on').toHaveCount(0);
    await page.getByRole('link', { name: 'Transfers' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    await expect(prompt).toBeVisible();
    await expectNoAxeViolations(page, 'the push permission modal');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('push-prompt'))).toBe('later');
  });

  test('a transfer status change is pushed by the server, shown by the worker, and leads to the transfer', {
    tag: WHOLE_BROWSER,
  }, async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
    const subscribed = await context.request.post('/api/main/user/push-subscriptions', {
      headers: { 'x-auth-token': token },
      data: pushService.subscription(`e2e-${Date.now()}`),
    });
    expect(subscribed.status()).toBe(201);

    const recipient = kenyanRecipient('Pushed');
    await startTransfer(page, recipient);
    await new PayPage(page).payWith(CARDS.approves);
    await expect(new PaymentResultPage(page).heading).toBeVisible();
    const transRef = /SR[0-9A-Z]{8}/.exec(page.url())?.[0] ?? /SR[0-9A-Z]{8}/.exec(await page.content())?.[0];

    // the payment's status change reaches the push endpoint, encrypted to the subscription's keys
    await expect.poll(() => pushService.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [first] = pushService.received;
    const payload = JSON.parse(first?.text ?? '{}') as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toBe('Your transfer is being processed');
    expect(payload.body).toContain('Amina Pushed');
    if (transRef) expect(payload.url).toBe(`/transfers/${transRef}`);

    // the browser's push service hands it to the worker, which shows it while Sarraf is in the background (and tells
    // the window nothing: had the worker seen Sarraf focused, the window would have heard it instead)
    await page.evaluate(() => {
      const heard: unknown[] = [];
      Object.assign(window, { heard });
      navigator.serviceWorker.addEventListener('message', (event) => {
        if (event.data?.type === 'PUSH_RECEIVED') heard.push(event.data);
      });
    });
    const push = await PushDelivery.attach(context, page);
    await sendToBackground(context, page);
    await push.deliver(first?.text ?? '');
    // as long as the push itself may take: on a busy machine the worker showed it after the expect's 10 s
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const shown = await (await navigator.serviceWorker.ready).getNotifications();
            return {
              shown: shown.map(({ title, body, data }) => ({ title, body, data })),
              heard: (window as unknown as { heard: unknown[] }).heard,
            };
          }),
        { timeout: 30_000 },
      )
      .toEqual({
        shown: [{ title: payload.title, body: payload.body, data: { url: payload.url, category: 'transactions' } }],
        heard: [],
      });

    // a click on it: the worker's own notificationclick handler brings the Sarraf window to the transfer
    const worker = await serviceWorkerOf(context);
    await worker.evaluate(clickTheNotification);
    await expect(page).toHaveURL(new RegExp(`${payload.url}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Transfer to ${recipient.firstName} ${recipient.lastName}` }),
    ).toBeVisible();
    expect(
      await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
      'the clicked notification is closed',
    ).toBe(0);
    await expectNoAxeViolations(page, 'transfer from a push');

    // the same news waits in the bell: counted on it, leading to its transfer, gone once dismissed
    await page.bringToFront();
    await page.goto('/home');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ new$/ });
    await bell.click();
    const item = page.getByRole('listitem').filter({ hasText: payload.title });
    await expect(item).toContainText('Transfers');
    await expect(item.getByRole('link', { name: payload.title })).toHaveAttribute('href', payload.url);
    await expectNoAxeViolations(page, 'the notifications popover');
    await item.getByRole('button', { name: `Dismiss: ${payload.title}` }).click();
    await expect(item).toHaveCount(0);
  });

  test('the worker moves a subscription the push service replaced to its new endpoint, proving the old one', async ({
    page,
    context,
  }) => {
    await customerAtHome(page, context.request);
    await waitForServiceWorkerControl(page);
    const token = await page.evaluate(() => localStorage.getItem('access-token') ?? '');
    const old = pushService.subscription(`e2e-old-${Date.now()}`);
    const fresh = pushService.subscription(`e2e-new-${Date.now()}`);
    const subscribed = await context.request.post('/api/main/user/push-subscriptions', {
      headers: { 'x-auth-token': token },
      data: old,
    });
    expect(subscribed.status()).toBe(201);

    // what the browser does when its push service replaces the subscription: `pushsubscriptionchange` in the worker
    const worker = await serviceWorkerOf(context);
    await worker.evaluate(
      async ([before, after]) => {
        const { ExtendableEvent } = globalThis as unknown as { ExtendableEvent: new (type: string) => Event };
        const change = new ExtendableEvent('pushsubscriptionchange');
        const handed: Promise<unknown>[] = [];
        const subscription = (json: typeof before) => ({ endpoint: json.endpoint, options: {}, toJSON: () => json });
        Object.defineProperty(change, 'oldSubscription', { value: subscription(before) });
        Object.defineProperty(change, 'newSubscription', { value: subscription(after) });
        Object.defineProperty(change, 'waitUntil', { value: (work: Promise<unknown>) => handed.push(work) });
        (self as unknown as { dispatchEvent: (event: Event) => boolean }).dispatchEvent(change);
        if (handed.length === 0) throw new Error('the worker has no pushsubscriptionchange handler');
        await Promise.all(handed);
      },
      [old, fresh] as const,
    );

    // the old subscription is gone (its proof is spent); the new one is this customer's and proves itself
    const renew = (proof: typeof old, next: typeof old) =>
      context.request.post('/api/main/user/push-subscriptions/renew', {
        data: { old: { endpoint: proof.endpoint, auth: proof.keys.auth }, new: next },
      });
    expect((await renew(old, pushService.subscription('e2e-unused'))).status()).toBe(404);
    expect((await renew(fresh, pushService.subscription(`e2e-third-${Date.now()}`))).status()).toBe(204);
  });
});
