import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNotPaintedYet } from '../testing/browser-paints.ts';
import { fakeApi, SANDBOX_CLIENT_PROVIDERS } from '../testing/fake-api.ts';

const PROVIDERS = 'GET /api/locator/client-providers';

describe("the page's outside services", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are asked for once the page has painted, once for every caller', async () => {
    const browser = browserNotPaintedYet();
    const api = fakeApi({});
    vi.resetModules();
    const { clientProviders } = await import('./client-providers.ts');
    const first = clientProviders();
    const second = clientProviders();
    // whatever was to be sent at once has been by the next task
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.to(PROVIDERS), 'not before the first paint').toHaveLength(0);
    browser.paint();
    expect(await first).toEqual(SANDBOX_CLIENT_PROVIDERS);
    expect(await second).toEqual(SANDBOX_CLIENT_PROVIDERS);
    expect(api.to(PROVIDERS)).toHaveLength(1);
  });
});
