import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_COOKIE } from '../../../domain/locales.ts';
import { i18n } from '../../lib/i18n.ts';
import { LOCALE_KEY } from '../../lib/local-settings.ts';
import { settleLocaleAtSignIn, startupLocale } from '../../lib/locale-preference.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

/** Long enough for a catalog's first import. */
const LOADING = { timeout: 5000 };

const cookieLocale = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);

describe('language selector', () => {
  it('lists every language by its own name', async () => {
    await renderApp('/sign-in');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    const options = Array.from((select as HTMLSelectElement).options, (option) => [option.value, option.text]);
    expect(options).toEqual([
      ['en-GB', 'English (UK)'],
      ['en-CA', 'English (Canada)'],
      ['en-US', 'English (US)'],
      ['so', 'Soomaali'],
      ['sv', 'Svenska'],
    ]);
  });

  it('switches the page language, keeps <html lang> in step and remembers the choice', async () => {
    await renderApp('/sign-in');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'sv' } });

    // a catalog is compiled on its first import: slow on a busy machine
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' }, LOADING)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Språk' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    // The title follows in an effect, which may run after the heading is painted.
    await waitFor(() => expect(document.title).toBe('Logga in | Sarraf'));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('sv');
    // mirrored for the server, which names the catalog in the page it sends
    expect(cookieLocale()).toBe('sv');
    expect(startupLocale()).toBe('sv');

    fireEvent.change(screen.getByRole('combobox', { name: 'Språk' }), { target: { value: 'so' } });
    expect(await screen.findByRole('combobox', { name: 'Luqadda' }, LOADING)).toBeTruthy();
    expect(document.documentElement.lang).toBe('so');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('so');
    expect(cookieLocale()).toBe('so');
  });

  it('mirrors a choice made before the cookie existed at start-up', () => {
    localStorage.setItem(LOCALE_KEY, 'so');
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the start-up must write again
    document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
    expect(startupLocale()).toBe('so');
    expect(cookieLocale()).toBe('so');
  });
});

describe("the language on the customer's profile", () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  const saved = (api: ReturnType<typeof fakeApi>) =>
    api.to('POST /api/main/user/locale').map((request) => request.body);

  it('saves a choice made while signed in, and keeps it on the device when the network fails', async () => {
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, { data: userData() }),
      'POST /api/main/user/locale': [
        reply(200, { data: { locale: 'so' } }),
        failure(503, 'ServiceUnavailable', 'Try again later'),
      ],
    });
    await renderApp('/home', { store: appStore });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'so' } });
    await waitFor(() => expect(saved(api)).toEqual([{ locale: 'so' }]));
    expect(api.to('POST /api/main/user/locale')[0]?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);
    await waitFor(() => expect(localStorage.getItem('locale-unsaved')).toBeNull());

    fireEvent.change(screen.getByRole('combobox', { name: 'Luqadda' }), { target: { value: 'sv' } });
    await waitFor(() => expect(saved(api)).toEqual([{ locale: 'so' }, { locale: 'sv' }]));
    expect(await screen.findByRole('combobox', { name: 'Språk' }, LOADING)).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('locale-unsaved')).toBe('true'));
  });

  it('saves nothing signed out, then takes the choice made before sign-in to the profile', async () => {
    const api = fakeApi({
      'POST /api/main/user/locale': reply(200, { data: { locale: 'sv' } }),
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    await renderApp('/sign-in', { store: appStore });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'sv' } });
    expect(await screen.findByRole('combobox', { name: 'Språk' }, LOADING)).toBeTruthy();
    expect(saved(api)).toEqual([]);

    // what every sign-in does once the session is kept (lib/session/start-session.ts)
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await settleLocaleAtSignIn('en-GB');
    await waitFor(() => expect(saved(api)).toEqual([{ locale: 'sv' }]));
    await waitFor(() => expect(localStorage.getItem('locale-unsaved')).toBeNull());
    expect(i18n.locale).toBe('sv');
  });

  it("opens a device that never chose in the profile's language at sign-in, saving nothing", async () => {
    const api = fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData() }) });
    await renderApp('/sign-in', { store: appStore });
    await screen.findByRole('combobox', { name: 'Language' });
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await settleLocaleAtSignIn('so');
    expect(await screen.findByRole('combobox', { name: 'Luqadda' }, LOADING)).toBeTruthy();
    expect(localStorage.getItem(LOCALE_KEY)).toBe('so');
    expect(cookieLocale()).toBe('so');
    expect(saved(api)).toEqual([]);
  });
});
