import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversion } from '../../../domain/contract/wallets.ts';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { storedHistory } from './conversion-history.ts';
import { ConversionHistoryList } from './conversion-history-list.tsx';

const LIST = 'GET /api/main/api/v1/conversions';

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

async function renderHistory() {
  await activateLocale('en-GB');
  render(
    <I18nProvider i18n={i18n}>
      <Provider store={appStore}>
        <ConversionHistoryList round={0} />
      </Provider>
    </I18nProvider>,
  );
  return screen.getByRole('region', { name: 'Conversion history' });
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
});
