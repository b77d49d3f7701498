import { screen } from '@testing-library/react';
import { set } from 'idb-keyval';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { QUOTED_DRAFT } from './draft-fixtures.ts';
import { clearSendMoneyDraft, SEND_MONEY_DRAFT_KEY } from './send-money-draft.ts';

/** A fresh store reads the draft from IndexedDB, as a reload does. */
function signedInStore() {
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  return store;
}

describe('the send flow\'s "Your details"', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
    await set(SEND_MONEY_DRAFT_KEY, QUOTED_DRAFT);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a phone-only customer their mobile number, and no empty e-mail', async () => {
    fakeApi({
      'POST /api/main/user/get': reply(200, {
        data: userData({ name: 'Amina Warsame', email: null, mobile: '+447911831755' }),
      }),
    });
    await renderApp('/send-money/self-info', { store: signedInStore() });
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    // the heading comes before the customer's details: wait for them
    expect(await screen.findByText('+447911831755')).toBeTruthy();
    expect(screen.getByText('Mobile number')).toBeTruthy();
    expect(screen.queryByText('E-mail')).toBeNull();
    expect(screen.queryByText('—')).toBeNull();
  });

  it('shows an e-mail customer their e-mail', async () => {
    fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({ name: 'Amina Warsame' }) }),
    });
    await renderApp('/send-money/self-info', { store: signedInStore() });
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect(await screen.findByText('amina@example.com')).toBeTruthy();
    expect(screen.queryByText('Mobile number')).toBeNull();
  });
});
