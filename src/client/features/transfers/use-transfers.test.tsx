import { act, renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransferSummary } from '../../../domain/contract/transfers.ts';
import { CACHED_AT_HEADER } from '../../../domain/sw-messages.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { TRANSFERS_REFRESH_MS, useTransfers } from './use-transfers.ts';

const transfer = (
  status: TransferSummary['status'],
  status_label: TransferSummary['status_label'],
): TransferSummary => ({
  trans_ref: 'SR0000000A',
  status,
  status_label,
  close_reason: null,
  refund_to: null,
  send_country: 'GB',
  destination_country: 'KE',
  source_currency: 'GBP',
  dest_currency: 'KES',
  send_amount: '100.00',
  fees: '1.99',
  total: '101.99',
  receive_amount: '15993.25',
  rate: '159.9325',
  trans_type: 'mobile',
  purpose: 'family_support',
  payment_type: 'card',
  beneficiary: { id: 'ben_1', name: 'Amina Otieno' },
  created_at: '2026-11-22T09:00:00Z',
  funded_at: '2026-11-22T09:00:10Z',
  paid_at: null,
});

const list = (...transfers: TransferSummary[]) => reply(200, { data: transfers, _links: {} });
const LIST = 'GET /api/main/remit/transaction/list';
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

/** Let the fake network, IndexedDB and React finish what they started (timers are fake here). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(1));
}

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={appStore}>{children}</Provider>;
const labels = (state: ReturnType<typeof useTransfers>) =>
  state.status === 'ready' ? state.data.map((t) => t.status_label) : state.status;

describe('the transfers list', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again every 5 seconds while a transfer is moving, and stops once every one is final', async () => {
    const api = fakeApi({
      [LIST]: [
        list(transfer('PENDING', 'processing')),
        list(transfer('SENT', 'sent_for_pay')),
        list(transfer('PAID', 'completed')),
      ],
    });
    const { result } = renderHook(() => useTransfers(), { wrapper });
    await settle();
    expect(labels(result.current)).toEqual(['processing']);
    await act(() => vi.advanceTimersByTimeAsync(TRANSFERS_REFRESH_MS));
    await settle();
    expect(labels(result.current)).toEqual(['sent_for_pay']);
    await act(() => vi.advanceTimersByTimeAsync(TRANSFERS_REFRESH_MS));
    await settle();
    expect(labels(result.current)).toEqual(['completed']);
    await act(() => vi.advanceTimersByTimeAsync(3 * TRANSFERS_REFRESH_MS));
    expect(api.to(LIST)).toHaveLength(3);
  });

  it("shows the service worker's last-known list, marked offline with its age", async () => {
    const storedAt = '2026-11-22T09:30:00.000Z';
    fakeApi({
      [LIST]: () =>
        new Response(JSON.stringify({ data: [transfer('PAID', 'completed')], _links: {} }), {
          status: 200,
          headers: { 'content-type': 'application/json', [CACHED_AT_HEADER]: storedAt },
        }),
    });
    const { result } = renderHook(() => useTransfers(), { wrapper });
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', offline: true, asOf: Date.parse(storedAt) });
    expect(labels(result.current)).toEqual(['completed']);
  });

  it('keeps the list on screen when the network goes away, marked offline, and asks again', async () => {
    const api = fakeApi({
      [LIST]: [list(transfer('PENDING', 'processing')), networkDown, list(transfer('SENT', 'sent_for_pay'))],
    });
    const { result } = renderHook(() => useTransfers(), { wrapper });
    await settle();
    const seen = result.current.status === 'ready' ? result.current.asOf : Number.NaN;
    await act(() => vi.advanceTimersByTimeAsync(TRANSFERS_REFRESH_MS));
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', offline: true, asOf: seen });
    expect(labels(result.current)).toEqual(['processing']);
    await act(() => vi.advanceTimersByTimeAsync(TRANSFERS_REFRESH_MS));
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', offline: false });
    expect(labels(result.current)).toEqual(['sent_for_pay']);
    expect(api.to(LIST)).toHaveLength(3);
  });

  it('shows a customer with 250 transfers every one of them, newest first, a page at a time as they ask', async () => {
    // the server's pages: newest first, `before` a cursor naming the last row shown (here its index), 50 by default
    const all = Array.from({ length: 250 }, (_, n) => ({
      ...transfer('PAID', 'completed'),
      trans_ref: `SR${String(n).padStart(8, '0')}`,
    }));
    const api = fakeApi({
      [LIST]: ({ query }) => {
        const from = query.has('before') ? Number(query.get('before')) + 1 : 0;
        const limit = Number(query.get('limit') ?? 50);
        const rows = all.slice(from, from + limit);
        const more = from + limit < all.length;
        const next = { href: `/api/main/remit/transaction/list?before=${from + limit - 1}&limit=${limit}` };
        return reply(200, { data: rows, _links: more ? { next } : {} })({} as never);
      },
    });
    const { result } = renderHook(() => useTransfers(), { wrapper });
    await settle();
    expect(result.current.status === 'ready' && result.current.data).toHaveLength(50);
    for (let page = 2; result.current.hasOlder; page++) {
      await act(() => result.current.showOlder());
      await settle();
      expect(result.current.status === 'ready' && result.current.data).toHaveLength(Math.min(250, page * 50));
    }
    expect(result.current.status === 'ready' && result.current.data.map((t) => t.trans_ref)).toEqual(
      all.map((t) => t.trans_ref),
    );
    // the first page is asked for without a cursor, so the service worker's last-known copy is always that page
    expect(api.to(LIST)[0]?.query.toString()).toBe('');
    expect(
      api
        .to(LIST)
        .slice(1)
        .map((request) => request.query.get('before')),
    ).toEqual(['49', '99', '149', '199']);
  });
});
