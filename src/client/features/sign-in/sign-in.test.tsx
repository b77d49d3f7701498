import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, signedIn, userData } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signOut } from './sign-out.ts';

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function signInAs(path: string, email: string, password: string) {
  const app = await renderApp(path, { store: appStore });
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  type('E-mail address', email);
  type('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return app;
}

describe('sign-in', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('signs in and returns to where the redirect query points', async () => {
    const api = fakeApi({
      'POST /api/main/user/login': reply(200, { data: signedIn({ firstName: 'Amina', name: 'Amina Warsame' }) }),
    });
    const { router } = await signInAs('/sign-in?redirect=%2Ftransfers%3Fpage%3D2', ' amina@example.com', 'salaam1');
    await waitFor(() => expect(router.state.location.href).toBe('/transfers?page=2'));
    expect(api.to('POST /api/main/user/login')[0]?.body).toEqual({ email: 'amina@example.com', password: 'salaam1' });
    expect(localStorage.getItem('access-token')).toBe(SESSION_TOKEN);
    // The profile menu knows who signed in without asking again.
    expect((await screen.findAllByText('Amina Warsame', {}, { timeout: 3000 })).length).toBeGreaterThan(0);
    expect(api.to('POST /api/main/user/get')).toHaveLength(0);
  });

  it('brings back a customer whose session the server refused (401) on a signed-in page, after saying so', async () => {
    const refused = failure(401, 'Unauthorized', 'Your session has ended; sign in again');
    fakeApi({
      'POST /api/main/user/get': refused,
      'GET /api/main/api/v1/beneficiaries': refused,
    });
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    const page = await renderApp('/recipients', { store: appStore });
    await waitFor(() => expect(localStorage.getItem('unauthorized')).toBe('expired'));
    expect(appStore.get(accessTokenAtom)).toBeNull();
    // the page goes on to /sign-in?redirect=/recipients by a full load
    page.unmount();

    fakeApi({
      'POST /api/main/user/login': reply(200, { data: signedIn({ firstName: 'Amina' }) }),
      'POST /api/main/user/get': reply(200, { data: userData({ firstName: 'Amina' }) }),
      'GET /api/main/api/v1/beneficiaries': reply(200, { data: { data: [] } }),
    });
    const { router } = await renderApp('/sign-in?redirect=%2Frecipients', { store: appStore });
    const notice = await screen.findByRole('alertdialog', { name: "You've been logged out" });
    expect(notice.textContent).toContain('Your session has ended. Sign in again to continue.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    type('E-mail address', 'amina@example.com');
    type('Password', 'salaam1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.href).toBe('/recipients'));
    await screen.findByRole('heading', { level: 1, name: 'Recipients' });
  });

  it('ignores a redirect that leaves the app', async () => {
    fakeApi({
      'POST /api/main/user/login': reply(200, { data: signedIn() }),
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    const { router } = await signInAs('/sign-in?redirect=%2F%2Fevil.example%2Fhome', 'amina@example.com', 'salaam1');
    await screen.findByRole('heading', { level: 1, name: 'Hello' });
    expect(router.state.location.href).toBe('/home');
  });

  it("says it can't find the account, for an unknown e-mail or a wrong password alike", async () => {
    fakeApi({
      'POST /api/main/user/login': failure(404, 'CustomerNotFound', "We can't find your account with those details"),
    });
    const { router } = await signInAs('/sign-in', 'amina@example.com', 'wrong1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      "We can't find your account with those details. Check your e-mail and password and try again.",
    );
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('sends a blocked customer to account-blocked', async () => {
    fakeApi({
      'POST /api/main/user/login': failure(
        403,
        'DisabledCustomer',
        'Your account is blocked. Contact customer support.',
      ),
    });
    const { router } = await signInAs('/sign-in', 'amina@example.com', 'salaam1');
    await screen.findByRole('heading', { level: 1, name: 'Account blocked' });
    expect(router.state.location.pathname).toBe('/account-blocked');
    expect(localStorage.getItem('unauthorized')).toBeNull();
  });

  it('says so when too many sign-ins failed', async () => {
    fakeApi({ 'POST /api/main/user/login': failure(429, 'AttemptLimit', 'Too many failed sign-ins.') });
    await signInAs('/sign-in', 'amina@example.com', 'salaam1');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many failed sign-ins. Try again later, or reset your password.',
    );
  });

  it('shows the captcha step when the server asks, and sends its token once', async () => {
    const captchaRequired = failure(403, 'CaptchaRequired', 'Confirm that you are not a robot, then sign in again.');
    const api = fakeApi({
      'POST /api/main/user/login': [
        captchaRequired,
        failure(404, 'CustomerNotFound', "We can't find your account with those details"),
        failure(403, 'CaptchaInvalid', 'The captcha did not pass. Try it again.'),
        reply(200, { data: signedIn() }),
      ],
      'POST /sandbox/captcha/solve': reply(200, { data: { token: 'sandbox-captcha-pass' } }),
      'POST /api/main/user/get': reply(200, { data: userData() }),
    });
    const { router } = await signInAs('/sign-in', 'amina@example.com', 'salaam1');
    expect((await screen.findByRole('alert')).textContent).toBe("Confirm that you're not a robot, then sign in again.");
    const robot = () => screen.getByRole('checkbox', { name: "I'm not a robot" }) as HTMLInputElement;
    expect(robot().checked).toBe(false);

    // not ticked: the form says so and sends nothing
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(api.to('POST /api/main/user/login')).toHaveLength(1);

    fireEvent.click(robot());
    await waitFor(() => expect(robot().checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.to('POST /api/main/user/login')).toHaveLength(2));
    expect(api.to('POST /api/main/user/login')[1]?.body).toEqual({
      email: 'amina@example.com',
      password: 'salaam1',
      captcha_token: 'sandbox-captcha-pass',
    });
    // a wrong password: the token is spent, the box is clear again
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("We can't find your account"));
    expect(robot().checked).toBe(false);

    fireEvent.click(robot());
    await waitFor(() => expect(robot().checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The robot check did not pass. Tick the box again, then sign in.',
      ),
    );

    fireEvent.click(robot());
    await waitFor(() => expect(robot().checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.to('POST /sandbox/captcha/solve')).toHaveLength(3);
  });

  it('checks the form before sending', async () => {
    const api = fakeApi({});
    await signInAs('/sign-in', 'amina', '');
    expect(await screen.findByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    expect(field('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    // the legal footer may ask where the visitor is; the form itself sends nothing
    expect(api.to('POST /api/main/user/login')).toHaveLength(0);
  });

  it('shows and hides the password, and reveals the way to register under other options', async () => {
    fakeApi({});
    await renderApp('/sign-in', { store: appStore });
    const toggle = await screen.findByRole('button', { name: 'Show password' });
    expect(field('Password').type).toBe('password');
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    const options = screen.getByRole('button', { name: 'Other options' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    fireEvent.click(options);
    expect(options.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/country-of-residence');
  });
});

describe('sign-out', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('ends the session on the server, then clears it here and reloads at the root', async () => {
    const api = fakeApi({ 'POST /api/main/user/logout': reply(200, { data: { logged_out: true } }) });
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    const navigate = vi.fn();
    await signOut(appStore, navigate);
    expect(api.to('POST /api/main/user/logout')[0]?.headers.get('x-auth-token')).toBe(SESSION_TOKEN);
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('unauthorized')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('signs out here even when the server cannot be reached or already ended the session', async () => {
    for (const answer of [undefined, failure(401, 'Unauthorized', 'Your session has ended; sign in again')]) {
      fakeApi(answer ? { 'POST /api/main/user/logout': answer } : {});
      appStore.set(accessTokenAtom, SESSION_TOKEN);
      const navigate = vi.fn();
      await signOut(appStore, navigate);
      expect(appStore.get(accessTokenAtom)).toBeNull();
      expect(localStorage.getItem('unauthorized')).toBeNull();
      expect(navigate).toHaveBeenCalledExactlyOnceWith('/');
    }
  });
});
