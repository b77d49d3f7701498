import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferSummary } from '../../../domain/contract/transfers.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { transfer } from '../../testing/transfer.ts';

const RECENT = 'GET /api/main/api/v2/recent-transactions';

/** A transfer as the lists show it: the summary's fields of the fixture transfer. */
function summaryOf(changes: Parameters<typeof transfer>[0]): TransferSummary {
  const full: Record<string, unknown> = transfer(changes);
  return Object.fromEntries(Object.keys(TransferSummary.schema).map((key) => [key, full[key]])) as TransferSummary;
}

describe('the wallet screen’s recent transactions', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks GET /api/v2/recent-transactions for the newest five and lists each with its status, total and link', async () => {
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData({}) }),
      [RECENT]: reply(200, {
        data: [
          summaryOf({
            trans_ref: 'SR0000000B',
            status: 'PAID',
            status_label: 'completed',
            source_currency: 'GBP',
            total: '102.99',
            beneficiary: { id: 'ben_1', name: 'Hodan Ali' },
          }),
        ],
      }),
    });
    await renderApp('/wallets', { store: appStore });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Recent transactions' })).closest('section');
    if (!card) throw new Error('no recent transactions card');
    const link = await within(card).findByRole('link', { name: 'Hodan Ali' });
    expect(link.getAttribute('href')).toBe('/transfers/SR0000000B');
    expect(card.textContent).toContain('Completed');
    expect(card.textContent).toContain('£102.99');
    expect(within(card).getByRole('link', { name: 'See all your transfers' }).getAttribute('href')).toBe('/transfers');
    expect(api.to(RECENT).map((request) => request.query.get('limit'))).toEqual(['5']);
  });
});
