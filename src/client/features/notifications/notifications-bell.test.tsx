import { I18nProvider } from '@lingui/react';
import { act, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { activateLocale, i18n, type Locale } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { NotificationsBell } from './notifications-bell.tsx';

/** jsdom never shows a popover, so role queries must look inside one it takes for hidden. */
const IN_POPOVER = { hidden: true };
const LIST = 'GET /api/main/user/messages';
const viewed = (id: string) => `POST /api/main/user/messages/${id}/viewed`;

const notification = (id: string, label: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  category: 'transactions',
  title_key: `transfer_status.${label}`,
  params: {
    trans_ref: 'SR0000000A',
    status: 'PROCESSING',
    beneficiary_name: 'Hodan Ali',
    receive_amount: '15993.25',
    dest_currency: 'KES',
  },
  created_at: '2026-11-22T09:00:00Z',
  viewed: false,
  ...overrides,
});

async function renderBell(locale: Locale = 'en-GB') {
  await activateLocale(locale);
  const view = render(
    <I18nProvider i18n={i18n}>
      <NotificationsBell />
    </I18nProvider>,
  );
  const popover = view.container.querySelector<HTMLElement>('[popover]');
  if (!popover) throw new Error('no popover');
  /** What the browser does when the bell opens its popover (jsdom has no popover). */
  const open = () => act(() => popover.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' })));
  return { popover, open };
}

describe('notifications bell', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads on opening, shows each with its title and text, and reports the new ones viewed', async () => {
    const api = fakeApi({
      [LIST]: reply(200, {
        data: [
          notification('ntf_2', 'ready_for_pickup'),
          notification('ntf_1', 'processing', { viewed: true }),
          notification('ntf_0', 'canceled', { viewed: true }),
        ],
      }),
      [viewed('ntf_2')]: reply(200, { data: { id: 'ntf_2', viewed: true } }),
    });
    const { popover, open } = await renderBell();
    expect(api.to(LIST)).toHaveLength(0);

    await open();
    const [newest, older] = await within(popover).findAllByRole('listitem', IN_POPOVER);
    const titles = within(popover)
      .getAllByRole('listitem', IN_POPOVER)
      .map((item) => item.querySelector('p')?.textContent);
    expect(titles).toEqual([
      'NewYour money is ready for pickup',
      'Your transfer is being processed',
      'Your transfer was cancelled',
    ]);
    expect(within(newest as HTMLElement).getByText(/^KES\s?15,993\.25 to Hodan Ali$/)).toBeTruthy();
    expect(within(older as HTMLElement).queryByText('New')).toBeNull();
    await waitFor(() => expect(api.to(viewed('ntf_2'))).toHaveLength(1));
    expect(api.to(viewed('ntf_1'))).toHaveLength(0);
    expect(api.to(LIST)[0]?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);
  });

  it('asks again on each opening', async () => {
    const api = fakeApi({
      [LIST]: [reply(200, { data: [] }), reply(200, { data: [notification('ntf_1', 'completed', { viewed: true })] })],
    });
    const { popover, open } = await renderBell();
    await open();
    await within(popover).findByText(/You have no notifications yet/);
    await open();
    await within(popover).findByText('Your money has been delivered');
    expect(api.to(LIST)).toHaveLength(2);
  });

  it('says so when the list cannot load, and shows the empty state once it loads empty', async () => {
    fakeApi({ [LIST]: [failure(500, 'InternalError', 'Something went wrong'), reply(200, { data: [] })] });
    const { popover, open } = await renderBell();
    await open();
    expect((await within(popover).findByRole('alert', IN_POPOVER)).textContent).toBe(
      'We could not load your notifications. Please try again.',
    );
    await open();
    await within(popover).findByText(/You have no notifications yet/);
    expect(within(popover).queryByRole('alert', IN_POPOVER)).toBeNull();
    expect(within(popover).queryByRole('list', IN_POPOVER)).toBeNull();
  });

  it('reads in Swedish', async () => {
    fakeApi({ [LIST]: reply(200, { data: [notification('ntf_1', 'rejected', { viewed: true })] }) });
    const { popover, open } = await renderBell('sv');
    await open();
    expect(await within(popover).findByText('Din överföring avvisades')).toBeTruthy();
    expect(within(popover).getByRole('heading', { name: 'Aviseringar', ...IN_POPOVER })).toBeTruthy();
  });
});
