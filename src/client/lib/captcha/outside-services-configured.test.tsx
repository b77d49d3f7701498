import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientProviders } from '../../../domain/contract/client-providers.ts';
import { resetAppStore, signedIn, userData } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply, SANDBOX_CLIENT_PROVIDERS } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { appStore } from '../session/app-store.ts';
import { type Grecaptcha, RECAPTCHA_SCRIPT } from './recaptcha-script.ts';

/**
 * A deployment as production configures it: Google reCAPTCHA, and no
 * analytics, error collector or chat. The browser learns it from the server
 * and acts on it (the sandbox's defaults are every other client test's).
 */
const PRODUCTION: ClientProviders = {
  captcha: {
    kind: 'recaptcha',
    checkbox_site_key: 'checkbox-site-key-0123456789',
    score_site_key: 'score-key-0123456789ab',
  },
  analytics_url: null,
  error_reporting_url: null,
  error_reporting_dsn: null,
  support_chat_url: null,
  address_search_countries: [],
  bank_link_currencies: ['GBP', 'EUR', 'SEK', 'NOK', 'DKK'],
  features: SANDBOX_CLIENT_PROVIDERS.features,
};

/** Google's script as the page meets it: once its tag is in the document, `grecaptcha` exists and it loads. */
function googleScript() {
  const rendered: Array<{ sitekey: string; callback: (token: string) => void }> = [];
  const grecaptcha: Grecaptcha = {
    ready: (callback) => callback(),
    execute: vi.fn(async () => 'google-v3-token'),
    render: vi.fn((container, parameters) => {
      container.append(Object.assign(document.createElement('iframe'), { title: 'reCAPTCHA' }));
      rendered.push(parameters);
      return rendered.length - 1;
    }),
    reset: vi.fn(),
  };
  const observer = new MutationObserver(() => {
    const tag = document.head.querySelector<HTMLScriptElement>(`script[src^="${RECAPTCHA_SCRIPT}"]`);
    if (!tag || window.grecaptcha) return;
    window.grecaptcha = grecaptcha;
    tag.dispatchEvent(new Event('load'));
  });
  observer.observe(document.head, { childList: true });
  return { grecaptcha, rendered, scriptSrc: () => document.head.querySelector('script')?.getAttribute('src') };
}

describe('outside services as the server configures them', () => {
  beforeEach(resetAppStore);

  it('renders Google’s checkbox with its site key and signs in with the token it hands over', async () => {
    const google = googleScript();
    const api = fakeApi({
      'GET /api/locator/client-providers': reply(200, { data: PRODUCTION }),
      'POST /api/main/user/login': [
        failure(403, 'CaptchaRequired', 'Confirm that you are not a robot, then sign in again.'),
        reply(200, { data: signedIn() }),
      ],
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    await renderApp('/sign-in', { store: appStore });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    fireEvent.change(screen.getByLabelText('E-mail address', { selector: 'input' }), {
      target: { value: 'amina@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'salaam1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(google.rendered).toHaveLength(1));
    expect(google.scriptSrc()).toBe(`${RECAPTCHA_SCRIPT}?render=score-key-0123456789ab`);
    expect(google.rendered[0]?.sitekey).toBe('checkbox-site-key-0123456789');
    // our own checkbox is not there: Google's frame takes the tick
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    act(() => google.rendered[0]?.callback('google-v2-token'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.to('POST /api/main/user/login')).toHaveLength(2));
    expect(api.to('POST /api/main/user/login')[1]?.body).toMatchObject({ captcha_token: 'google-v2-token' });
    expect(api.sent.some((request) => request.path.startsWith('/sandbox/'))).toBe(false);
  });

  it('shows no chat and sends no page view where the deployment has neither', async () => {
    const api = fakeApi({
      'GET /api/locator/client-providers': reply(200, { data: PRODUCTION }),
      'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
    });
    await renderApp('/support');
    await screen.findByRole('heading', { level: 1 });
    // the support page offers the chat where there is one (support-chat.test.tsx); here, once the server has said
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Chat with us' })).toBeNull());
    const accept = await screen.findByRole('button', { name: 'Accept analytics' });
    fireEvent.click(accept);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
