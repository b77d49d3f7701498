import type { Page } from '@playwright/test';
import { waitForServiceWorkerControl } from './support/service-worker.ts';
import { expect, test } from './support/test.ts';

// this spec's screens need the service worker (offline copies, push, updates)
test.use({ serviceWorkers: 'allow' });

test.describe('last-known API data', () => {
  // A public main-API GET marked last-known in its endpoint table; detect-country is not marked.
  const path = '/api/main/user/usa-states';
  const notKept = '/api/main/user/detect-country';

  type Outcome = { status: number; cachedAt: string | null; body: string } | 'network error';
  const apiGet = (page: Page, token?: string, url = path): Promise<Outcome> =>
    page.evaluate(
      async ({ url, token }) => {
        try {
          const response = await fetch(url, { headers: token ? { 'x-auth-token': token } : {} });
          return {
            status: response.status,
            cachedAt: response.headers.get('x-sarraf-cached-at'),
            body: await response.text(),
          };
        } catch {
          return 'network error' as const;
        }
      },
      { url, token },
    );

  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('offline, a customer sees their own last answer, marked with its age; never what another session saw', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const online = await apiGet(page, 'token-of-amina');
    expect(online).toMatchObject({ status: 200, cachedAt: null });

    await context.setOffline(true);
    // the worker stores its copy after it has answered (waitUntil): it is there a moment later
    await expect
      .poll(async () => {
        const answer = await apiGet(page, 'token-of-amina');
        return answer === 'network error' ? answer : answer.status;
      })
      .toBe(200);
    const offline = await apiGet(page, 'token-of-amina');
    expect(offline).toMatchObject({ status: 200, body: online === 'network error' ? '' : online.body });
    const cachedAt = offline === 'network error' ? null : offline.cachedAt;
    expect(Date.now() - Date.parse(cachedAt ?? ''), 'stamped when it was stored').toBeLessThan(60_000);

    expect(await apiGet(page, 'token-of-someone-else')).toBe('network error');
    expect(await apiGet(page), 'nor without a session').toBe('network error');
  });

  test('keeps no copy of a call its table does not mark last-known', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await apiGet(page, 'token-of-amina', notKept)).toMatchObject({ status: 200, cachedAt: null });
    await context.setOffline(true);
    expect(await apiGet(page, 'token-of-amina', notKept)).toBe('network error');
  });

  test('LOGOUT wipes every cached API answer', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    expect(await apiGet(page, 'token-of-amina')).toMatchObject({ status: 200 });

    const reply = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage({ type: 'LOGOUT' }, [channel.port2]);
        }),
    );
    expect(reply).toEqual({ type: 'LOGOUT_DONE' });

    await context.setOffline(true);
    expect(await apiGet(page, 'token-of-amina')).toBe('network error');
  });
});
