import { screen, waitFor } from '@testing-library/react';
import { set } from 'idb-keyval';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSendMoneyDraft, SEND_MONEY_DRAFT_KEY } from './features/send-money/send-money-draft.ts';
import { onboardingHintAtom } from './lib/session/last-seen-customer.ts';
import { cantFindCountryAtom, residenceCountryAtom } from './lib/session/onboarding-atoms.ts';
import { accessTokenAtom } from './lib/session/session-atoms.ts';
import { userAtom } from './lib/session/user-data.ts';
import { user, userData } from './testing/auth-fixtures.ts';
import { fakeApi, reply, type SentRequest } from './testing/fake-api.ts';
import { currentHref, renderApp } from './testing/render-app.tsx';

const TOKEN = 'tok_0123456789abcdef0123456789abcdef';

function signedInStore() {
  const store = createStore();
  store.set(accessTokenAtom, TOKEN);
  return store;
}

describe('authenticated-only routes', () => {
  it('send a visitor to sign-in with the full path, query included, as the redirect', async () => {
    const { router } = await renderApp('/transfers?page=2&status=sent');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/transfers?page=2&status=sent' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('guard the transaction-update page too', async () => {
    const { router } = await renderApp('/transfers/TR-123');
    expect(router.state.location.search).toEqual({ redirect: '/transfers/TR-123' });
  });

  it('guard every send-money step', async () => {
    const { router } = await renderApp('/send-money/pay/TR-9');
    expect(router.state.location.search).toEqual({ redirect: '/send-money/pay/TR-9' });
  });

  it('let a signed-in user in', async () => {
    const { router } = await renderApp('/transfers?page=2', { store: signedInStore() });
    expect(currentHref(router)).toBe('/transfers?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('open the transaction-update page for a signed-in user', async () => {
    const { router } = await renderApp('/transfers/TR-123', { store: signedInStore() });
    expect(currentHref(router)).toBe('/transfers/TR-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your transfer' })).toBeTruthy();
  });
});

describe('sign-in and onboarding routes', () => {
  it('send an authenticated user home from sign-in', async () => {
    const { router } = await renderApp('/sign-in', { store: signedInStore() });
    expect(currentHref(router)).toBe('/home');
    expect(await screen.findByRole('heading', { level: 1, name: /^Hello/ })).toBeTruthy();
  });

  it('send an authenticated user home from onboarding', async () => {
    const { router } = await renderApp('/country-of-residence', { store: signedInStore() });
    expect(currentHref(router)).toBe('/home');
  });

  it('open the root at sign-in for a visitor and at home when signed in', async () => {
    const visitor = await renderApp('/');
    expect(visitor.router.state.location.pathname).toBe('/sign-in');
    visitor.unmount();
    const member = await renderApp('/', { store: signedInStore() });
    expect(member.router.state.location.pathname).toBe('/home');
  });
});

describe('onboarding entry routes', () => {
  it('start at country-of-residence when opened without a previous route', async () => {
    for (const path of ['/registration', '/phone-verification', '/email-verification']) {
      const { router, unmount } = await renderApp(path);
      expect(currentHref(router), path).toBe('/country-of-residence');
      unmount();
    }
  });

  it('let the bank-ID provider return to registration with a nets-callback query', async () => {
    const { router } = await renderApp('/registration?nets-callback=abc123');
    expect(router.state.location.pathname).toBe('/registration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });

  it('open when the user comes from another route', async () => {
    const { router } = await renderApp('/country-of-residence');
    await router.navigate({ to: '/registration' });
    expect(currentHref(router)).toBe('/registration');
  });
});

describe('onboarding', () => {
  afterEach(() => vi.unstubAllGlobals());

  const halfway = (step: 'registration-name' | 'occupation') => {
    const store = signedInStore();
    store.set(userAtom, user({ redirect_to_full: step, isFullyRegistered: false }));
    return store;
  };

  it('sends a visitor opening a step to sign-in', async () => {
    const { router } = await renderApp('/occupation');
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('sends a customer still onboarding from any signed-in page to their step', async () => {
    fakeApi({ 'GET /api/main/remit/options/get-purpose-of-account': reply(200, { data: [] }) });
    const home = await renderApp('/home', { store: halfway('occupation') });
    expect(currentHref(home.router)).toBe('/occupation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your occupation' })).toBeTruthy();
    home.unmount();

    const sendMoney = await renderApp('/send-money/quote', { store: halfway('registration-name') });
    expect(currentHref(sendMoney.router)).toBe('/registration-name');
  });

  it('asks the API where a customer stands after a reload', async () => {
    const api = fakeApi({
      'POST /api/main/user/get': reply(200, {
        data: userData({ redirect_to_full: 'occupation', isFullyRegistered: false }),
      }),
    });
    const { router } = await renderApp('/transfers', { store: signedInStore() });
    expect(currentHref(router)).toBe('/occupation');
    expect(api.to('POST /api/main/user/get')).toHaveLength(1);
  });

  it("opens the page from where this device last saw the customer's onboarding, before the API answers", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({ 'POST /api/main/user/get': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = signedInStore();
    store.set(onboardingHintAtom, 'done');
    const { router } = await renderApp('/transfers', { store });
    expect(currentHref(router)).toBe('/transfers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' })).toBeTruthy();
    expect(api.to('POST /api/main/user/get')).toHaveLength(1);
    answer(await reply(200, { data: userData() })(api.sent[0] as SentRequest));
    await waitFor(() => expect(store.get(userAtom)).not.toBeNull());
    expect(currentHref(router)).toBe('/transfers');
  });

  // the second: the hinted step is one the customer may go back to, so only opening /home again finds the right one
  it.each([
    { hint: 'done', page: '/transfers', now: 'occupation' },
    { hint: 'registration-name', page: '/home', now: 'registration-nationality' },
  ] as const)(
    'when the device had $hint and the API names $now, opening $page ends at $now',
    async ({ hint, page, now }) => {
      fakeApi({
        'POST /api/main/user/get': reply(200, { data: userData({ redirect_to_full: now, isFullyRegistered: false }) }),
      });
      const store = signedInStore();
      store.set(onboardingHintAtom, hint);
      const { router } = await renderApp(page, { store });
      await waitFor(() => expect(currentHref(router)).toBe(`/${now}`));
      expect(store.get(onboardingHintAtom)).toBe(now);
    },
  );

  it('keeps what a reload opens from in step with every description of the customer', () => {
    const store = signedInStore();
    store.set(userAtom, user({ redirect_to_full: 'occupation', isFullyRegistered: false, country: 'SE' }));
    expect(localStorage.getItem('onboarding-step')).toBe('occupation');
    expect(localStorage.getItem('customer-country')).toBe('SE');
    store.set(userAtom, user({ redirect_to_full: null }));
    expect(localStorage.getItem('onboarding-step')).toBe('done');
  });

  it('keeps earlier steps open and sends later ones to the current step', async () => {
    const back = await renderApp('/registration-name', { store: halfway('occupation') });
    expect(currentHref(back.router)).toBe('/registration-name');
    back.unmount();
    const ahead = await renderApp('/ssn', { store: halfway('registration-name') });
    expect(currentHref(ahead.router)).toBe('/registration-name');
  });

  it('sends a fully registered customer opening a step home', async () => {
    const store = signedInStore();
    store.set(userAtom, user());
    const { router } = await renderApp('/registration-nationality', { store });
    expect(currentHref(router)).toBe('/home');
  });
});

describe('area not available', () => {
  it('follows country-of-residence', async () => {
    const { router } = await renderApp('/country-of-residence');
    await router.navigate({ to: '/area-not-available' });
    expect(currentHref(router)).toBe('/area-not-available');
  });

  it('is refused when opened cold or from another route', async () => {
    const cold = await renderApp('/area-not-available');
    expect(currentHref(cold.router)).toBe('/country-of-residence');
    cold.unmount();

    const fromSignIn = await renderApp('/sign-in-country');
    await fromSignIn.router.navigate({ to: '/area-not-available' });
    expect(currentHref(fromSignIn.router)).toBe('/country-of-residence');
  });

  it("opens directly once the can't-find-my-country link was used", async () => {
    const store = createStore();
    store.set(cantFindCountryAtom, true);
    const { router } = await renderApp('/area-not-available', { store });
    expect(currentHref(router)).toBe('/area-not-available');
  });
});

describe('agent sign-up', () => {
  it('without an agent code in params goes to sign-in', async () => {
    const { router } = await renderApp('/sign-up');
    expect(currentHref(router)).toBe('/sign-in');
  });

  it('with an agent code opens, whether the code looks like text or a number', async () => {
    for (const code of ['AG-77', '12345']) {
      const { router, unmount } = await renderApp(`/sign-up?params=${code}`);
      expect(router.state.location.pathname).toBe('/sign-up');
      unmount();
    }
  });
});

describe('card-enrollment callback', () => {
  it('without status, provider and routeName in its query goes to sign-in', async () => {
    for (const query of ['', '?status=APPROVED&provider=sandbox', '?provider=sandbox&routeName=wallets']) {
      const { router, unmount } = await renderApp(`/checkout-card-enrollment/success${query}`);
      expect(currentHref(router), query).toBe('/sign-in');
      unmount();
    }
  });

  it('with them opens', async () => {
    const { router } = await renderApp(
      '/checkout-card-enrollment/success?status=APPROVED&provider=sandbox&routeName=wallets',
    );
    expect(router.state.location.pathname).toBe('/checkout-card-enrollment/success');
    await screen.findByRole('heading', { level: 1, name: 'Card verification' });
    await waitFor(() => expect(document.title).toBe('Card verification | Sarraf'));
  });
});

describe('identity verification page', () => {
  it('needs a chosen country of residence', async () => {
    const { router } = await renderApp('/verification');
    expect(currentHref(router)).toBe('/country-of-residence');
  });

  it('opens for a visitor who chose a country', async () => {
    const store = createStore();
    store.set(residenceCountryAtom, 'SE');
    const { router } = await renderApp('/verification', { store });
    expect(currentHref(router)).toBe('/verification');
  });

  it('sends an authenticated user home', async () => {
    const store = signedInStore();
    store.set(residenceCountryAtom, 'SE');
    const { router } = await renderApp('/verification', { store });
    expect(currentHref(router)).toBe('/home');
  });
});

describe('send money', () => {
  it('starts at the quote step', async () => {
    const { router } = await renderApp('/send-money', { store: signedInStore() });
    expect(currentHref(router)).toBe('/send-money/quote');
  });

  it("opens pay with a transaction reference, and without one the draft's transfer or the step it still needs", async () => {
    await clearSendMoneyDraft();
    const withReference = await renderApp('/send-money/pay/SR0000000A', { store: signedInStore() });
    expect(withReference.router.state.location.pathname).toBe('/send-money/pay/SR0000000A');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeTruthy();
    withReference.unmount();

    const nothingYet = await renderApp('/send-money/pay', { store: signedInStore() });
    expect(nothingYet.router.state.location.pathname).toBe('/send-money/quote');
    nothingYet.unmount();

    await set(SEND_MONEY_DRAFT_KEY, {
      version: 1,
      transfer: { request: '["q_1","ben_1","gift"]', idempotencyKey: 'key-1', transRef: 'SR0000000B' },
    });
    const made = await renderApp('/send-money/pay', { store: signedInStore() });
    expect(made.router.state.location.pathname).toBe('/send-money/pay/SR0000000B');
    await clearSendMoneyDraft();
  });

  it('opens a later step only once the steps before it are done', async () => {
    await clearSendMoneyDraft();
    const { router } = await renderApp('/send-money/recipient-details', { store: signedInStore() });
    expect(currentHref(router)).toBe('/send-money/quote');
  });
});

describe('unknown addresses', () => {
  it('show the not-found page', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found | Sarraf'));
  });
});
