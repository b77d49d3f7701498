import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

/** A browser that can push: permission not asked yet, a worker whose push manager subscribes. */
function pushCapableBrowser(answer: NotificationPermission) {
  const permission = { value: 'default' as NotificationPermission };
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
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return { subscribe };
}

async function renderPrompt() {
  await activateLocale('en-GB');
  return render(
    <I18nProvider i18n={i18n}>
      <PushPrompt />
    </I18nProvider>,
  );
}

describe('the push prompt', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is not shown where the browser cannot push', async () => {
    await renderPrompt();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('Continue asks the browser, subscribes with the server key and binds the subscription to the customer', async () => {
    const { subscribe } = pushCapableBrowser('granted');
    const api = fakeApi({
      'GET /api/main/user/push-subscriptions/key': reply(200, { data: { public_key: PUBLIC_KEY } }),
      'POST /api/main/user/push-subscriptions': reply(201, { data: { id: 'psub_1' } }),
    });
    await renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Know when your money arrives' })).toBeNull());
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
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    second.unmount();
    await renderPrompt();
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(PUSH_PROMPT_KEY)).toBe('later');
  });
});
