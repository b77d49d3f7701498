import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { set } from 'idb-keyval';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { QUOTED_DRAFT } from '../features/send-money/draft-fixtures.ts';
import { SEND_MONEY_DRAFT_KEY } from '../features/send-money/send-money-draft.ts';
import { currentUserAtom } from '../lib/session/current-user.ts';
import { hardNavigate } from '../lib/session/logout.ts';
import { accessTokenAtom } from '../lib/session/session-atoms.ts';
import { userAtom } from '../lib/session/user-data.ts';
import { user } from '../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../testing/fake-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setViewportWidth } from '../testing/viewport.ts';

// signing out reloads the page; here it only records where it would go
vi.mock('../lib/session/logout.ts', async (original) => ({
  ...(await original<typeof import('../lib/session/logout.ts')>()),
  hardNavigate: vi.fn(),
}));

const TOKEN = 'tok_0123456789abcdef0123456789abcdef';

function signedIn() {
  const store = createStore();
  store.set(accessTokenAtom, TOKEN);
  return store;
}

describe('default layout', () => {
  it('has the landmarks, a skip link and Register on sign-in', async () => {
    await renderApp('/sign-in');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/country-of-residence');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offers Sign in elsewhere, carrying the redirect query over', async () => {
    await renderApp('/recovery-password?redirect=%2Ftransfers');
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in?redirect=%2Ftransfers');
  });
});

describe('signed-in layout', () => {
  it('has the logo to home, New transfer, the main links, notifications and the account menu', async () => {
    setViewportWidth(1440);
    await renderApp('/home', { store: signedIn() });
    await screen.findByRole('heading', { level: 1, name: /^Hello/ });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sarraf' }).getAttribute('href')).toBe('/home');
    expect(within(header).getByRole('link', { name: 'New transfer' }).getAttribute('href')).toBe('/send-money/quote');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Transfers', 'Recipients', 'Wallets']);
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(header).getByRole('heading', { name: 'Notifications', hidden: true })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Your account' })).toBeTruthy();
    // the narrow screens' menu is not built at this width, not merely hidden
    expect(within(header).queryByRole('button', { name: 'Menu', hidden: true })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Home | Sarraf'));
  });

  it('builds on a phone only what a phone shows: the burger menu, whose items come when it opens', async () => {
    setViewportWidth(390);
    await renderApp('/home', { store: signedIn() });
    await screen.findByRole('heading', { level: 1, name: /^Hello/ });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'New transfer' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(header).queryByRole('navigation', { name: 'Main', hidden: true })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Your account', hidden: true })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Profile', hidden: true })).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Account' });
    expect(
      within(within(menu).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Transfers', 'Recipients', 'Wallets']);
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeTruthy();
    // a wider window (a phone turned, a tablet) gets the row again
    act(() => setViewportWidth(1440));
    expect(within(header).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(within(header).queryByRole('button', { name: 'Menu', hidden: true })).toBeNull();
  });

  it('shows Upload document only when the verification status asks for a document', async () => {
    setViewportWidth(1440);
    const store = signedIn();
    store.set(currentUserAtom, {
      name: 'Amina Warsame',
      contact: 'amina@example.com',
      verificationStatus: 'Pass',
      offersBankIdSignIn: false,
      remittanceEnabled: true,
    });
    const view = await renderApp('/home', { store });
    await screen.findAllByText('amina@example.com');
    // The account menu lives in a closed popover: hidden until opened.
    expect(screen.getAllByRole('link', { name: 'Profile', hidden: true }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('link', { name: 'Upload document', hidden: true })).toHaveLength(0);
    view.unmount();

    store.set(currentUserAtom, {
      name: 'Amina Warsame',
      contact: 'amina@example.com',
      verificationStatus: 'RequestAddress',
      offersBankIdSignIn: false,
      remittanceEnabled: true,
    });
    await renderApp('/home', { store });
    expect(
      (await screen.findAllByRole('link', { name: 'Upload document', hidden: true }))[0]?.getAttribute('href'),
    ).toBe('/profile#documents');
  });

  it('opens the "not open yet" modal from Profile while sending is not open to the customer', async () => {
    setViewportWidth(1440);
    const store = signedIn();
    store.set(currentUserAtom, {
      name: 'Amina Warsame',
      contact: 'amina@example.com',
      verificationStatus: 'NotRegistered',
      offersBankIdSignIn: false,
      remittanceEnabled: false,
    });
    await renderApp('/home', { store });
    await screen.findAllByText('amina@example.com');
    expect(screen.queryAllByRole('link', { name: 'Profile', hidden: true })).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Profile', hidden: true })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Your profile is not open yet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your profile is not open yet' })).toBeNull());
  });

  it('locks page scroll while the burger menu is open', async () => {
    setViewportWidth(390);
    await renderApp('/transfers', { store: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Account' });
    // SPEC §9: promo codes are on
    expect(within(menu).getByRole('link', { name: 'Promo codes' })).toBeTruthy();
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('titles the profile "Your Sarraf Profile"', async () => {
    await renderApp('/profile', { store: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Your Sarraf Profile' });
    await waitFor(() => expect(document.title).toBe('Your Sarraf Profile | Sarraf'));
  });
});

describe('send-money steps layout', () => {
  it('marks earlier steps complete and the route step current', async () => {
    // a draft with the amount and the sender's details done, so the recipient step opens
    await set(SEND_MONEY_DRAFT_KEY, { ...QUOTED_DRAFT, senderConfirmed: true });
    await renderApp('/send-money/recipient', { store: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Who are you sending to?' });
    const steps = within(screen.getByRole('list', { name: 'Transfer steps' })).getAllByRole('listitem');
    const labels = steps.map((step) => step.querySelector('[aria-hidden]')?.nextElementSibling?.textContent);
    expect(labels).toEqual(['Amount (complete)', 'You (complete)', 'Them', 'Pay']);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
  });

  it('closing discards the transfer and opens the transfers list', async () => {
    const { router } = await renderApp('/send-money/quote', { store: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Close and discard this transfer' }));
    await screen.findByRole('heading', { level: 1, name: 'Transfers' });
    expect(router.state.location.pathname).toBe('/transfers');
  });
});

describe('onboarding layout', () => {
  it('shows the back button where the route asks for it', async () => {
    const { router } = await renderApp('/country-of-residence');
    await screen.findByRole('heading', { level: 1, name: 'Country of residence' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await router.navigate({ to: '/sign-in-country' });
    await screen.findByRole('heading', { level: 1, name: 'Where do you live?' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'About Sarraf' })).toBeTruthy();
  });

  it('asks before leaving onboarding half-way; Yes signs out and starts again at country-of-residence', async () => {
    const api = fakeApi({ 'POST /api/main/user/logout': reply(200, { data: { logged_out: true } }) });
    const store = signedIn();
    store.set(userAtom, user({ redirect_to_full: 'registration-name', isFullyRegistered: false }));
    const { router } = await renderApp('/registration-name', { store });
    await screen.findByRole('heading', { level: 1, name: 'Your name' });

    void router.navigate({ to: '/sign-in' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your registration?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/registration-name');

    void router.navigate({ to: '/sign-in' });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/country-of-residence'));
    expect(api.to('POST /api/main/user/logout')).toHaveLength(1);
    expect(store.get(accessTokenAtom)).toBeNull();
  });
});
