import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../domain/contract/notifications.ts';
import { activateLocale, i18n, type Locale } from '../../lib/i18n.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { userAtom } from '../../lib/session/user-data.ts';
import { resetAppStore, SESSION_TOKEN, user } from '../../testing/auth-fixtures.ts';
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
  // the bell on a page of its own: its links need a router
  const router = createRouter({
    routeTree: createRootRoute({ component: NotificationsBell }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const view = render(
    <I18nProvider i18n={i18n}>
      <Provider store={appStore}>
        <RouterProvider router={router} />
      </Provider>
    </I18nProvider>,
  );
  const popover = await waitFor(() => {
    const found = view.container.querySelector<HTMLElement>('[popover]');
    if (!found) throw new Error('no popover yet');
    return found;
  });
  const bell = () => view.container.querySelector('button[popovertarget]') as HTMLElement;
  /** What the browser does when the bell opens its popover (jsdom has no popover). */
  const open = () => act(() => popover.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' })));
  return { popover, bell, open };
}

const CUSTOMER_ID = 'cus_0000000000000001';
const COOKIE = `notifications-viewed-${CUSTOMER_ID}`;

describe('notifications bell', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    appStore.set(userAtom, user({ id: CUSTOMER_ID }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar, emptied between tests
    document.cookie = `${COOKIE}=; max-age=0; path=/`;
  });

  it('counts the new ones on the bell and lists them with their category, each leading to what it is about', async () => {
    const api = fakeApi({
      [LIST]: reply(200, {
        data: [
          notification('ntf_2', 'ready_for_pickup'),
          notification('ntf_1', 'processing', { viewed: true }),
          notification('ntf_w', 'credited', {
            category: 'wallet',
            title_key: 'late_payment.to_wallet',
            params: { amount: '25.00', currency: 'GBP', trans_ref: '' },
          }),
        ],
        _links: {},
      }),
    });
    const { popover, bell } = await renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 new'));
    expect(bell().textContent).toBe('2');
    expect(api.to(LIST)[0]?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);

    // the list's own file loads once the bell has its first page
    const items = await within(popover).findAllByRole('listitem', IN_POPOVER);
    expect(items).toHaveLength(2);
    const [transfer, wallet] = items as [HTMLElement, HTMLElement];
    expect(within(transfer).getByText('Transfers')).toBeTruthy();
    expect(within(transfer).getByRole('link', { hidden: true }).getAttribute('href')).toBe('/transfers/SR0000000A');
    expect(within(transfer).getByText(/^KES\s?15,993\.25 to Hodan Ali$/)).toBeTruthy();
    expect(within(wallet).getByText('Wallet')).toBeTruthy();
    expect(within(wallet).getByRole('link', { hidden: true }).getAttribute('href')).toBe('/wallets');
    expect(within(popover).queryByText('Your transfer is being processed'), 'a viewed one is not listed').toBeNull();
    expect(
      api.sent.filter((request) => request.method === 'POST'),
      'nothing is viewed by being listed',
    ).toEqual([]);
  });

  it('a dismissed one leaves after 200 ms, is reported viewed and kept in the customer’s cookie', async () => {
    const api = fakeApi({
      [LIST]: reply(200, {
        data: [notification('ntf_2', 'ready_for_pickup'), notification('ntf_3', 'completed')],
        _links: {},
      }),
      [viewed('ntf_2')]: reply(200, { data: { id: 'ntf_2', viewed: true } }),
    });
    const { popover, bell } = await renderBell();
    const dismiss = await within(popover).findByRole('button', {
      name: 'Dismiss: Your money is ready for pickup',
      ...IN_POPOVER,
    });
    vi.useFakeTimers();
    fireEvent.click(dismiss);
    act(() => vi.advanceTimersByTime(150));
    expect(within(popover).getAllByRole('listitem', IN_POPOVER), 'still leaving').toHaveLength(2);
    act(() => vi.advanceTimersByTime(50));
    vi.useRealTimers();
    expect(within(popover).getAllByRole('listitem', IN_POPOVER)).toHaveLength(1);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 new');
    await waitFor(() => expect(api.to(viewed('ntf_2'))).toHaveLength(1));
    expect(document.cookie).toContain(`${COOKIE}=ntf_2`);
  });

  it('keeps a notification dismissed on this device before the server has heard of it', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie as an earlier visit left it
    document.cookie = `${COOKIE}=ntf_2; path=/`;
    fakeApi({ [LIST]: reply(200, { data: [notification('ntf_2', 'ready_for_pickup')], _links: {} }) });
    const { popover, bell } = await renderBell();
    await within(popover).findByText(/You have no notifications yet/);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('reads the customer’s cookie only once there is a list to sift, not while the page first renders', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const cookie = vi.spyOn(document, 'cookie', 'get');
    const { popover } = await renderBell();
    expect(cookie).not.toHaveBeenCalled();
    answer(await reply(200, { data: [notification('ntf_1', 'completed')], _links: {} })(undefined as never));
    await within(popover).findByText('Your money has been delivered');
    expect(cookie).toHaveBeenCalled();
    cookie.mockRestore();
  });

  it('asks again at each opening: what the header loaded may predate what just happened', async () => {
    const api = fakeApi({
      [LIST]: [
        reply(200, { data: [], _links: {} }),
        reply(200, { data: [notification('ntf_1', 'completed')], _links: {} }),
        reply(200, { data: [notification('ntf_2', 'rejected'), notification('ntf_1', 'completed')], _links: {} }),
      ],
    });
    const { popover, open } = await renderBell();
    await within(popover).findByText(/You have no notifications yet/);
    await open();
    await within(popover).findByText('Your money has been delivered');
    expect(api.to(LIST)).toHaveLength(2);
    await open();
    await within(popover).findByText('Your transfer was rejected');
    // the list shown stays while it is asked again: no loading state in between
    expect(within(popover).getByText('Your money has been delivered')).toBeTruthy();
    expect(api.to(LIST)).toHaveLength(3);
  });

  it('says so when the list cannot load, and shows the empty state once it loads empty', async () => {
    fakeApi({ [LIST]: [failure(500, 'InternalError', 'Something went wrong'), reply(200, { data: [], _links: {} })] });
    const { popover, open } = await renderBell();
    expect((await within(popover).findByRole('alert', IN_POPOVER)).textContent).toBe(
      'We could not load your notifications. Please try again.',
    );
    await open();
    await open();
    await within(popover).findByText(/You have no notifications yet/);
    expect(within(popover).queryByRole('alert', IN_POPOVER)).toBeNull();
    expect(within(popover).queryByRole('list', IN_POPOVER)).toBeNull();
  });

  it('shows older notifications when asked, each once, page after page, and says so when they could not load', async () => {
    const next = (before: string) => ({ next: { href: `/api/main/user/messages?before=${before}&limit=2` } });
    const api = fakeApi({
      [LIST]: ({ query }) => {
        const pages: Record<string, { data: Notification[]; _links: object }> = {
          '': { data: [notification('ntf_5', 'completed'), notification('ntf_4', 'processing')], _links: next('c4') },
          // a notification the first page already showed comes again: shown once
          c4: { data: [notification('ntf_4', 'processing'), notification('ntf_3', 'rejected')], _links: next('c3') },
        };
        const page = pages[query.get('before') ?? ''];
        return page
          ? reply(200, page)({} as never)
          : failure(503, 'ServiceUnavailable', 'Try again later')({} as never);
      },
    });
    const { popover } = await renderBell();
    await within(popover).findByText('Your money has been delivered');
    const items = () => within(popover).getAllByRole('listitem', IN_POPOVER).length;
    expect(items()).toBe(2);
    const older = () => within(popover).getByRole('button', { name: 'Show older notifications', ...IN_POPOVER });
    fireEvent.click(older());
    await waitFor(() => expect(items()).toBe(3));
    expect(api.to(LIST).map((request) => request.query.toString())).toEqual(['', 'before=c4&limit=2']);

    // the next page fails: an alert, and the control stays to try again
    fireEvent.click(older());
    expect((await within(popover).findByRole('alert', IN_POPOVER)).textContent).toBe(
      'We could not load older notifications.',
    );
    expect(items()).toBe(3);
    expect(older()).toBeTruthy();
  });

  it('shows no older-notifications control when the first page is the only one', async () => {
    fakeApi({ [LIST]: reply(200, { data: [notification('ntf_1', 'rejected')], _links: {} }) });
    const { popover } = await renderBell();
    await within(popover).findByText('Your transfer was rejected');
    expect(within(popover).queryByRole('button', { name: 'Show older notifications', ...IN_POPOVER })).toBeNull();
  });

  it('reads in Swedish', async () => {
    fakeApi({ [LIST]: reply(200, { data: [notification('ntf_1', 'rejected')], _links: {} }) });
    const { popover, bell } = await renderBell('sv');
    expect(await within(popover).findByText('Din överföring avvisades')).toBeTruthy();
    expect(within(popover).getByRole('heading', { name: 'Aviseringar', ...IN_POPOVER })).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toMatch(/^Aviseringar, 1 /);
  });
});
