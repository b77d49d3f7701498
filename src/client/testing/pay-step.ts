import { screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { expect } from 'vitest';
import type { PrePaymentDisclosureView, Transfer } from '../../domain/contract/transfers.ts';
import { accessTokenAtom } from '../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from './auth-fixtures.ts';
import { fakeApi, reply } from './fake-api.ts';
import { renderApp } from './render-app.tsx';
import { transfer } from './transfer.ts';

/** How long to wait for the card fields, which come once the server said which gateway takes cards. */
export const CARD_FIELDS_WAIT = { timeout: 5_000 };

/** The server's answer that cards are taken by the sandbox gateway's form (`CardFields`). */
export const SANDBOX_CARD_GATEWAY = {
  'GET /api/main/remit/payment/card-gateway': reply(200, {
    data: { gateway: 'sandbox', tokens_url: '/sandbox/gateway/tokens' },
  }),
};

/**
 * The pay step of `unpaid` opened by a signed-in customer, the server
 * answering its transfer, its disclosure and a transfers list that also holds
 * an earlier one, and whatever `routes` adds; resolves, with the fake
 * network, once the step's heading and its parts are shown (they come together, once loaded).
 */
export async function openPayStep(
  unpaid: Transfer,
  disclosure: PrePaymentDisclosureView | null,
  routes: Parameters<typeof fakeApi>[0] = {},
): Promise<ReturnType<typeof fakeApi>> {
  const ref = unpaid.trans_ref;
  const network = fakeApi({
    [`GET /api/main/remit/transaction/${ref}`]: reply(200, { data: unpaid }),
    [`GET /api/main/remit/transaction/${ref}/disclosure`]: reply(200, { data: disclosure }),
    'GET /api/main/remit/transaction/list': reply(200, {
      data: [unpaid, transfer({ trans_ref: 'SR0000000B' })],
      _links: {},
    }),
    ...SANDBOX_CARD_GATEWAY,
    ...routes,
  });
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  await renderApp(`/send-money/pay/${ref}`, { store });
  await screen.findByRole('heading', { level: 1, name: 'Confirm and pay' });
  await waitFor(() => expect(screen.queryByText('Loading your transfer…')).toBeNull());
  return network;
}
