import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './lib/session/app-store.ts';
import { accessTokenAtom } from './lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from './testing/auth-fixtures.ts';
import { fakeApi, reply } from './testing/fake-api.ts';
import { loadApp } from './testing/render-app.tsx';

const USER = 'POST /api/main/user/get';
const BALANCES = 'GET /api/main/user-wallet-account/get';
const TRANSFERS = 'GET /api/main/remit/transaction/list';
const RECIPIENTS = 'GET /api/main/api/v1/beneficiaries';

/** The signed-in pages whose route's loader asks for the screen's data (`askOnLoad`), and the reads it asks. */
const PAGES = [
  { path: '/home', heading: 'Hello, Amina', reads: [USER, BALANCES] },
  { path: '/transfers', heading: 'Transfers', reads: [TRANSFERS] },
  { path: '/recipients', heading: 'Recipients', reads: [RECIPIENTS] },
  { path: '/profile', heading: 'Your Sarraf Profile', reads: [USER] },
];

describe("a signed-in page's data", () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each(PAGES)('is asked for as $path resolves, before anything renders, and once', async (page) => {
    const api = fakeApi({
      [USER]: reply(200, { data: userData({ firstName: 'Amina', isRemittanceEnabled: true }) }),
      [BALANCES]: reply(200, { data: [] }),
      [TRANSFERS]: reply(200, { data: [], _links: {} }),
      [RECIPIENTS]: reply(200, { data: [] }),
      'GET /api/main/user/messages': reply(200, { data: [] }),
    });
    const app = await loadApp(page.path, { store: appStore });
    // the route's loader asks: nothing has rendered, so no screen could have
    for (const read of page.reads) await vi.waitFor(() => expect(api.to(read), read).toHaveLength(1));
    app.show();
    await screen.findByRole('heading', { level: 1, name: page.heading });
    // the screen's parts took those answers: one asking on its own would have asked as the screen was put on the
    // page (`useAnswer`'s layout effect), before its heading could be found
    for (const read of page.reads) expect(api.to(read), read).toHaveLength(1);
  });
});
