import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../../domain/contract/user.ts';
import { CACHED_AT_HEADER } from '../../../domain/sw-messages.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { rememberUser } from '../../lib/session/user-data.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { limitUse } from './yearly-limit.ts';

describe('yearly limit use', () => {
  const limit = (limit: string, used: string, currency = 'GBP') => ({
    currency,
    limit,
    used,
    limitRemainingWarning: false,
  });

  it('is exact in minor units', () => {
    expect(limitUse(limit('25000.00', '1234.56'))).toEqual({
      currency: 'GBP',
      limit: 2_500_000n,
      used: 123_456n,
      remaining: 2_376_544n,
      usedPercent: 4,
    });
  });

  it('never shows a negative remainder or more than all of it used', () => {
    expect(limitUse(limit('100.00', '150.00'))).toMatchObject({ remaining: 0n, usedPercent: 100 });
    expect(limitUse(limit('0.00', '0.00'))).toMatchObject({ remaining: 0n, usedPercent: 100 });
  });

  it('follows the currency minor unit', () => {
    expect(limitUse(limit('300000', '1', 'JPY'))).toMatchObject({ limit: 300_000n, remaining: 299_999n });
  });
});

describe('home', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('greets the customer by first name and shows the yearly limit spent and remaining', async () => {
    const data = userData({ firstName: 'Amina', name: 'Amina Warsame' }, '22612.50');
    data.user_limit.limitRemainingWarning = true;
    fakeApi({ 'POST /api/main/user/get': reply(200, { data }) });
    await renderApp('/home', { store: appStore });

    await screen.findByRole('heading', { level: 1, name: 'Hello, Amina' });
    expect(screen.getByRole('link', { name: 'Send money' }).getAttribute('href')).toBe('/send-money/quote');
    const limit = await screen.findByRole('region', { name: 'Your yearly limit' });
    expect(limit.textContent).toContain('Spent this year£22,612.50');
    expect(limit.textContent).toContain('Remaining£2,387.50');
    expect(limit.textContent).toContain('£22,612.50 of your £25,000.00 yearly limit used');
    expect(limit.textContent).toContain('You have used most of your yearly limit.');
    expect(screen.getByRole('meter', { name: 'Share of your yearly limit used' }).getAttribute('value')).toBe('90');
    // The profile menu shows who is signed in.
    expect(screen.getAllByText('Amina Warsame', { ignore: 'h1' }).length).toBeGreaterThan(0);
  });

  it('lists what verification asks of the customer, with its upload, when a document is asked for', async () => {
    const data = {
      ...userData({ firstName: 'Amina' }),
      document_request: { type: 'identity', screen_type: 'capture' },
      verification_tasks: [{ item: 'identity', state: 'to_do', reason: null }],
    } satisfies UserData;
    fakeApi({ 'POST /api/main/user/get': reply(200, { data }) });
    await renderApp('/home', { store: appStore });
    const tasks = await screen.findByRole('region', { name: 'What we need from you' });
    const identity = within(tasks).getByRole('listitem');
    expect(identity.textContent).toContain('Proof of identity');
    expect(identity.textContent).toContain('To do');
    expect(within(identity).getByRole('button', { name: 'Upload photos instead' })).toBeTruthy();
  });

  it('sends the customer back to correct an address the checks could not use', async () => {
    const base = userData({ firstName: 'Amina' });
    const data = {
      ...base,
      user: {
        ...base.user,
        redirect_to_full: 'address-search',
        isFullyRegistered: false,
        address: { street: '1 Deansgate', city: 'Manchester', postcode: 'M3 1ZZ', province: null },
      },
    } satisfies UserData;
    fakeApi({ 'POST /api/main/user/get': reply(200, { data }) });
    // signed in a moment ago: the sign-in's answer knew nothing of it, so home opens and the fresh data tells
    rememberUser(appStore, base.user);
    await renderApp('/home', { store: appStore });
    fireEvent.click(await screen.findByRole('link', { name: 'Correct your details' }));
    await screen.findByRole('heading', { level: 1, name: 'Your home address' });
    expect(screen.getByText(/We could not find your address as you gave it \(1 Deansgate, M3 1ZZ\)/)).toBeTruthy();
  });

  it('shows no task list while nothing is asked for', async () => {
    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData({ firstName: 'Amina' }) }) });
    await renderApp('/home', { store: appStore });
    await screen.findByRole('region', { name: 'Your yearly limit' });
    expect(screen.queryByRole('region', { name: 'What we need from you' })).toBeNull();
  });

  it('offers to try again when the data cannot be loaded', async () => {
    fakeApi({ 'POST /api/main/user/get': reply(500, {}) });
    await renderApp('/home', { store: appStore });
    const limitRegion = await screen.findByRole('region', { name: 'Your yearly limit' });
    const failed = await within(limitRegion).findByRole('alert');
    expect(failed.textContent).toContain("We couldn't load your yearly limit.");

    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData() }) });
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    // no first name yet: greeted without one, never by the e-mail address
    await screen.findByRole('heading', { level: 1, name: 'Hello' });
    expect((await screen.findByRole('region', { name: 'Your yearly limit' })).textContent).toContain('£0.00');
  });

  it('offline, shows the last-known greeting and limit with their time, and refreshes when back online', async () => {
    const storedAt = new Date();
    storedAt.setHours(14, 5, 0, 0);
    let online = false;
    const stale = () =>
      new Response(JSON.stringify({ data: userData({ firstName: 'Amina' }, '100.00') }), {
        status: 200,
        headers: { 'content-type': 'application/json', [CACHED_AT_HEADER]: storedAt.toISOString() },
      });
    const fresh = reply(200, { data: userData({ firstName: 'Amina' }, '200.00') });
    const api = fakeApi({ 'POST /api/main/user/get': (request) => (online ? fresh(request) : stale()) });
    await renderApp('/home', { store: appStore });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Amina' });
    expect(screen.getByText(/^You're offline\. Last updated/).textContent).toBe(
      "You're offline. Last updated 14:05; this updates by itself when you're back online.",
    );
    expect(screen.getByRole('region', { name: 'Your yearly limit' }).textContent).toContain('£100.00');

    const asked = api.to('POST /api/main/user/get').length;
    online = true;
    await act(async () => undefined); // the screen's effects have run: it listens for the connection
    await act(async () => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(api.to('POST /api/main/user/get').length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByText(/^You're offline\. Last updated/)).toBeNull());
    expect(screen.getByRole('region', { name: 'Your yearly limit' }).textContent).toContain('£200.00');
    expect(api.to('POST /api/main/user/get')).toHaveLength(asked + 1);
  });

  it('offline with nothing stored yet, says so instead of failing, and loads when back online', async () => {
    fakeApi({});
    await renderApp('/home', { store: appStore });
    for (const card of ['Your yearly limit', 'Your wallets']) {
      const region = await screen.findByRole('region', { name: card });
      await within(region).findByText(/has not been loaded on this device yet/);
    }
    expect(screen.queryByRole('alert')).toBeNull();

    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData({ firstName: 'Amina' }) }) });
    await act(async () => window.dispatchEvent(new Event('online')));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Amina' });
  });
});
