import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversionCalls } from '../../../domain/contract/wallets/conversion.ts';
import type { Conversion } from '../../../domain/contract/wallets.ts';
import { endpointKey, peekPrimed } from '../../lib/api/primed-answers.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { storedHistory, storedHistoryRead, storeHistory } from './conversion-history.ts';
import { ConversionHistoryList } from './conversion-history-list.tsx';
import { askAnswers } from './wallets-answers.ts';

const LIST = 'GET /api/main/api/v1/conversions';

/** While set, IndexedDB's reads wait for it (what a phone's slow storage does). */
const kept = vi.hoisted((): { gate?: Promise<void> } => ({}));
vi.mock('idb-keyval', async (actual) => {
  const idb = await actual<typeof import('idb-keyval')>();
  const get = async (key: IDBValidKey) => {
    await kept.gate;
    return idb.get(key);
  };
  return { ...idb, get };
});

const conversion = (n: number): Conversion => ({
  id: `cnv_${n}`,
  from_currency: 'GBP',
  to_currency: 'EUR',
  from_amount: `${n}.00`,
  to_amount: `${n + 1}.00`,
  exchange_rate: '1.15',
  timestamp: `2026-11-${String(n).padStart(2, '0')}T09:00:00.000Z`,
  status: 'COMPLETED',
});

/** The list put on the page, in English (its catalog activated before): the region it shows, as first rendered. */
function showHistory() {
  render(
    <I18nProvider i18n={i18n}>
      <Provider store={appStore}>
        <ConversionHistoryList round={0} />
      </Provider>
    </I18nProvider>,
  );
  return screen.getByRole('region', { name: 'Conversion history' });
}

async function renderHistory() {
  await activateLocale('en-GB');
  return showHistory();
}

describe('the conversion history', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows older conversions on request, after the newest page it keeps on the device', async () => {
    const api = fakeApi({
      [LIST]: ({ query }) =>
        reply(
          200,
          query.get('before') === 'c9'
            ? { data: [conversion(8), conversion(7)], _links: {} }
            : {
                data: [conversion(10), conversion(9)],
                _links: { next: { href: '/api/main/api/v1/conversions?before=c9&limit=2' } },
              },
        )({} as never),
    });
    const region = await renderHistory();
    const rows = () =>
      within(region)
        .queryAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent);
    await waitFor(() => expect(rows()).toEqual(['£10.00 → €11.00', '£9.00 → €10.00']));

    fireEvent.click(within(region).getByRole('button', { name: 'Show older conversions' }));
    await waitFor(() =>
      expect(rows()).toEqual(['£10.00 → €11.00', '£9.00 → €10.00', '£8.00 → €9.00', '£7.00 → €8.00']),
    );
    // the last page: no control any more
    expect(within(region).queryByRole('button', { name: 'Show older conversions' })).toBeNull();
    expect(api.to(LIST).map((request) => request.query.toString())).toEqual(['', 'before=c9&limit=2']);
    // what the device keeps for offline reading is the first page (SPEC §9's newest 50), not the older ones
    expect((await storedHistory())?.conversions.map((c) => c.id)).toEqual(['cnv_10', 'cnv_9']);
  });

  it('offline, shows what this device kept and its age, without first saying nothing was kept', async () => {
    await storeHistory([conversion(3)]);
    // IndexedDB's read held until the network has refused and that refusal has been handled: a slow phone's order
    let refused!: () => void;
    const refusal = new Promise<void>((resolve) => {
      refused = resolve;
    });
    let open!: () => void;
    kept.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    fakeApi({
      [LIST]: () => {
        refused();
        throw new TypeError('Failed to fetch');
      },
    });
    const said: string[] = [];
    const watch = new MutationObserver(() => said.push(document.body.textContent ?? ''));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      const region = await renderHistory();
      await refusal;
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      open();
      await within(region).findByText(/^You're offline\. Last updated/);
      expect(within(region).getByRole('listitem').querySelector('span')?.textContent).toBe('£3.00 → €4.00');
      expect(said.filter((text) => text.includes('has not been loaded on this device yet'))).toEqual([]);
    } finally {
      watch.disconnect();
      kept.gate = undefined;
    }
  });

  it("offline, shows in its first render what /wallets' loader found: the kept history and its age", async () => {
    await storeHistory([conversion(3)]);
    fakeApi({});
    await activateLocale('en-GB');
    askAnswers();
    await vi.waitFor(() => {
      expect(storedHistoryRead()).toBeDefined();
      expect(peekPrimed(endpointKey(conversionCalls.listConversions, {}))?.refused).toBeDefined();
    });
    // nothing awaited after the render: what shows is the first render's
    const region = showHistory();
    expect(within(region).getByRole('status').textContent).toMatch(/^You're offline\. Last updated/);
    expect(within(region).getByRole('listitem').querySelector('span')?.textContent).toBe('£3.00 → €4.00');
  });
});
