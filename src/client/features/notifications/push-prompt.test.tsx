import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { PUSH_PROMPT_KEY } from '../../lib/local-settings.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { PushPrompt } from './push-prompt.tsx';

const PUBLIC_KEY = 'BIdfzlFUE586OQK-rYd5dVDXWvtKGz2B6D__BOLJZbAo5JTpFGnIbUWjOvPihnbDt7jcOK4-YgWy-kJPpkAPXJE';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** A browser that can push: permission `now`, a worker (unless `worker` is false) whose push manager subscribes. */
function pushCapableBrowser(answer: NotificationPermission, now: NotificationPermission = 'default', worker = true) {
  const permission = { value: now };
  const subscribe = vi.fn(async () => ({
    endpoint: 'https://push.example/abc',
    expirationTime: null,
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: KEYS }),
  }));
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission.value;
    },
    requestPermission: vi.fn(async () => {
      permission.value = answer;
      return answer;
    }),
  });
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => (worker ? registration : undefined) },
  });
  return { subscribe };
}

const MODAL = { name: 'Know when your money arrives' };

/** The signed-in app at `first`, then the customer goes to `then`: the modal's moment. */
async function renderPrompt(first = '/home', then = '/transfers') {
  await activateLocale('en-GB');
  const ui = (place: string) => (
    <I18nProvider i18n={i18n}>
      <PushPrompt place={place} />
    </I18nProvider>
  );
  const view = render(ui(first));
  // nothing on the page the customer arrived on
  await act(async () => {});
  expect(screen.queryByRole('dialog', MODAL)).toBeNull();
  view.rerender(ui(then));
  await act(async () => {});
  return view;
}

describe('the push permission modal', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is offered after a navigation, not on the page the customer arrived on', async () => {
    pushCapableBrowser('granted');
    await renderPrompt();
    expect(screen.getByRole('dialog', MODAL)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });

  it('is not offered where the browser cannot push, has no worker, or the permission is decided', async () => {
    const cases: [string, () => void][] = [
      ['no push', () => {}],
      ['no worker', () => pushCapableBrowser('granted', 'default', false)],
      ['granted', () => pushCapableBrowser('granted', 'granted')],
      ['denied', () => pushCapableBrowser('denied', 'denied')],
    ];
    for (const [name, browser] of cases) {
      browser();
      const { unmount } = await renderPrompt();
      expect(screen.queryByRole('dialog'), name).toBeNull();
      unmount();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('Continue asks the browser, subscribes with the server key and binds the subscription to the customer', async () => {
    const { subscribe } = pushCapableBrowser('granted');
    const api = fakeApi({
      'GET /api/main/user/push-subscriptions/key': reply(200, { data: { public_key: PUBLIC_KEY } }),
      'POST /api/main/user/push-subscriptions': reply(201, { data: { id: 'psub_1' } }),
    });
    await renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog', MODAL)).toBeNull());
    const [options] = subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    const [sent] = api.to('POST /api/main/user/push-subscriptions');
    expect(sent?.body).toEqual({ endpoint: 'https://push.example/abc', expirationTime: null, keys: KEYS });
    expect(sent?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);
    expect(localStorage.getItem(PUSH_PROMPT_KEY)).toBe('yes');
  });

  it('says so when the browser refuses, and "Not now" is remembered on the device', async () => {
    pushCapableBrowser('denied');
    fakeApi({});
    const { unmount } = await renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Notifications could not be turned on.');
    unmount();

    localStorage.clear();
    pushCapableBrowser('default');
    const second = await renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    second.unmount();
    await renderPrompt('/transfers', '/home');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(PUSH_PROMPT_KEY)).toBe('later');
  });

  it('closed without an answer (Escape) counts as "Not now"', async () => {
    pushCapableBrowser('granted');
    await renderPrompt();
    act(() => (screen.getByRole('dialog', MODAL) as HTMLDialogElement).close());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(PUSH_PROMPT_KEY)).toBe('later');
  });

  it('waits while another modal is open, and is offered at a later navigation', async () => {
    pushCapableBrowser('granted');
    const other = document.createElement('dialog');
    document.body.append(other);
    other.showModal();
    const view = await renderPrompt();
    expect(screen.queryByRole('dialog', MODAL)).toBeNull();
    other.close();
    view.rerender(
      <I18nProvider i18n={i18n}>
        <PushPrompt place="/wallet" />
      </I18nProvider>,
    );
    expect(await screen.findByRole('dialog', MODAL)).toBeTruthy();
  });
});
