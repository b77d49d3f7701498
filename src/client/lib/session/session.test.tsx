import { act, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';
import { showErrorModal } from '../error-modal/error-modal-atom.ts';
import { INACTIVITY_CHECK_MS, watchInactivity } from './inactivity.ts';
import { expireSession } from './logout.ts';
import { accessTokenAtom, baseUrlAtom } from './session-atoms.ts';

const TOKEN = 'tok_0123456789abcdef0123456789abcdef';

describe('persisted session', () => {
  it('reads a valid token and base URL from localStorage', () => {
    localStorage.setItem('access-token', TOKEN);
    localStorage.setItem('base-url', '/api/eu');
    const store = createStore();
    expect(store.get(accessTokenAtom)).toBe(TOKEN);
    expect(store.get(baseUrlAtom)).toBe('/api/eu');
  });

  it('ignores stored values that fail validation', () => {
    localStorage.setItem('access-token', 'has spaces and is short');
    localStorage.setItem('base-url', 'https://evil.example/api');
    const store = createStore();
    expect(store.get(accessTokenAtom)).toBeNull();
    expect(store.get(baseUrlAtom)).toBe('/api/main');
  });

  it('writes the token under access-token', () => {
    const store = createStore();
    store.set(accessTokenAtom, TOKEN);
    expect(localStorage.getItem('access-token')).toBe(TOKEN);
  });
});

describe('inactivity logout', () => {
  afterEach(() => vi.useRealTimers());

  function start(signedIn: boolean) {
    vi.useFakeTimers();
    let now = 1_000_000;
    const store = createStore();
    if (signedIn) store.set(accessTokenAtom, TOKEN);
    const onExpire = vi.fn();
    const stop = watchInactivity({ store, onExpire, now: () => now });
    const pass = (ms: number) => {
      now += ms;
      vi.advanceTimersByTime(ms);
    };
    return { onExpire, stop, pass };
  }

  it('logs out after 60 idle minutes, found by the minute check', () => {
    const { onExpire, stop, pass } = start(true);
    pass(59 * 60_000);
    expect(onExpire).not.toHaveBeenCalled();
    pass(INACTIVITY_CHECK_MS);
    expect(onExpire).toHaveBeenCalledOnce();
    pass(10 * INACTIVITY_CHECK_MS);
    expect(onExpire).toHaveBeenCalledOnce();
    stop();
  });

  it('counts from the last activity', () => {
    const { onExpire, stop, pass } = start(true);
    pass(50 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    pass(50 * 60_000);
    expect(onExpire).not.toHaveBeenCalled();
    pass(11 * 60_000);
    expect(onExpire).toHaveBeenCalledOnce();
    stop();
  });

  it('ends a session left idle while the app was closed as soon as it opens', () => {
    localStorage.setItem('last-activity', String(1_000_000 - 61 * 60_000));
    const { onExpire, stop } = start(true);
    expect(onExpire).toHaveBeenCalledOnce();
    stop();
  });

  it('leaves visitors alone', () => {
    const { onExpire, stop, pass } = start(false);
    pass(120 * 60_000);
    expect(onExpire).not.toHaveBeenCalled();
    stop();
  });
});

describe('a session that ends on its own', () => {
  it('ends once when several calls are refused at once, and leaves the reason for /sign-in', async () => {
    localStorage.setItem('access-token', TOKEN);
    const store = createStore();
    const navigate = vi.fn();
    // two calls refused together: the second must not clear away the reason the first left
    await Promise.all([
      expireSession(store, '/home', 'expired', navigate),
      expireSession(store, '/home', 'expired', navigate),
    ]);
    expect(navigate.mock.calls).toEqual([['/sign-in?redirect=%2Fhome']]);
    expect(localStorage.getItem('unauthorized')).toBe('expired');
    expect(store.get(accessTokenAtom)).toBeNull();
  });
});

describe('sign-in after the session ended', () => {
  it('says "You\'ve been logged out" once, in a modal that OK closes', async () => {
    localStorage.setItem('unauthorized', 'expired');
    const first = await renderApp('/sign-in');
    const modal = await screen.findByRole('alertdialog', { name: "You've been logged out" });
    expect(within(modal).getByText('Your session has ended. Sign in again to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(within(modal).getByRole('button', { name: 'OK' }));
    expect(localStorage.getItem('unauthorized')).toBeNull();
    act(() => (modal as HTMLDialogElement).close());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    first.unmount();

    await renderApp('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByText("You've been logged out")).toBeNull();
  });

  it.each([
    ['idle', "You've been logged out", /You were inactive for 60 minutes/],
    ['terminated', 'Your session has been terminated', /^Sign in again to continue\.$/],
    ['something unknown', "You've been logged out", /^Your session has ended\./],
  ])('says why when the session ended as %s', async (reason, title, text) => {
    localStorage.setItem('unauthorized', reason);
    await renderApp('/sign-in');
    const modal = await screen.findByRole('alertdialog', { name: title });
    expect(within(modal).getByText(text)).toBeTruthy();
  });
});

describe('generic error modal', () => {
  it('shows the error code and closes with OK', async () => {
    const store = createStore();
    await renderApp('/sign-in', { store });
    act(() => showErrorModal({ requestId: 'req-123' }, store));

    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog.textContent).toContain('Something went wrong. Contact to Customer Support.');
    expect(dialog.textContent).toContain('req-123');
    act(() => (dialog as HTMLDialogElement).close());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
