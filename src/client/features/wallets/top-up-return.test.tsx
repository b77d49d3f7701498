import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CHECK = 'POST /api/main/remit/card/check-card-enrollment';
const APPROVED_TOP_UP = {
  id: 'tu_1',
  method: 'card',
  status: 'APPROVED',
  code: 'approved',
  challenge_url: null,
  currency: 'GBP',
  amount: '25.00',
  balance: '25.00',
};

describe('back from a card check for a top-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks check-card-enrollment about the payment the return names, and shows the top-up it answers', async () => {
    const api = fakeApi({
      [CHECK]: reply(200, {
        data: { status: 'APPROVED', route: 'wallet-top-up', payment: null, top_up: APPROVED_TOP_UP },
      }),
    });
    const store = createStore();
    store.set(accessTokenAtom, SESSION_TOKEN);
    await renderApp(
      '/checkout-card-enrollment/return?routeName=wallet-top-up&top_up_id=tu_1&status=success&provider=sandbox&payment_id=pay_1',
      { store },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your wallet is topped up' })).toBeTruthy();
    expect(api.to(CHECK).map((request) => request.body)).toEqual([{ payment_id: 'pay_1' }]);
    expect(api.to('GET /api/main/remit/wallet/top-up/tu_1')).toHaveLength(0);
  });
});
