import { PushDelivery, sendToBackground, waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';
import { WHOLE_BROWSER } from './support/whole-browser.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

test.describe('web push', () => {
  const payload = {
    title: 'Transfer paid out',
    body: 'Amina received 5,000.00 KES.',
    url: '/transfers',
    tag: 'transfer-42',
    category: 'transfer-status',
  };

  test.beforeEach(async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    await page.goto('/');
    await waitForServiceWorkerControl(page);
  });

  test('a push while Sarraf has focus reaches the open window instead of the system tray', async ({
    page,
    context,
  }) => {
    await page.evaluate(() => {
      const received: unknown[] = [];
      Object.assign(window, { received });
      navigator.serviceWorker.addEventListener('message', (event) => received.push(event.data));
    });
    const push = await PushDelivery.attach(context, page);

    // A malformed push is dropped; the valid one after it is the only thing the window hears.
    await push.deliver('not json');
    await push.deliver({ ...payload, url: 'https://elsewhere.example/phish' });
    await push.deliver(payload);

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toEqual([{ type: 'PUSH_RECEIVED', payload }]);
    const shown = await page.evaluate(async () => (await navigator.serviceWorker.ready).getNotifications());
    expect(shown).toHaveLength(0);
  });

  test('a push while no Sarraf window has focus shows a system notification', { tag: WHOLE_BROWSER }, async ({
    page,
    context,
  }) => {
    const push = await PushDelivery.attach(context, page);
    await sendToBackground(context, page);

    await push.deliver(payload);

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const notifications = await (await navigator.serviceWorker.ready).getNotifications();
          return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, data }));
        }),
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: payload.tag,
          data: { url: payload.url, category: payload.category },
        },
      ]);
  });
});
