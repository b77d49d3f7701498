import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { cantFindCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import { resetAppStore } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const detected = (code: string) => ({
  'GET /api/main/user/detect-country': reply(200, { data: { country_code: code, region_code: null } }),
});

async function openScreen() {
  appStore.set(cantFindCountryAtom, true);
  await renderApp('/area-not-available', { store: appStore });
  await screen.findByRole('heading', { level: 1, name: 'Not available in your area yet' });
  return screen.getByRole('combobox', { name: 'Country you live in' }) as HTMLSelectElement;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('area not available', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it('lists only countries we do not serve, starts from the detected one and remembers it for a year', async () => {
    const api = fakeApi(detected('SO'));
    const country = await openScreen();
    await waitFor(() => expect(country.value).toBe('SO'));
    const codes = Array.from(country.options, (option) => option.value);
    expect(codes).toContain('KE');
    expect(codes).not.toContain('GB');
    expect(codes).not.toContain('SE');
    expect(document.cookie).toContain('detected-country=SO');

    // The second visit asks the API no more.
    cleanup();
    const again = await openScreen();
    await waitFor(() => expect(again.value).toBe('SO'));
    expect(api.to('GET /api/main/user/detect-country')).toHaveLength(1);
  });

  it('checks the form first, sends the request and confirms it', async () => {
    const api = fakeApi({
      ...detected('GB'),
      'POST /api/main/user/launch-interest': reply(202, { data: { country: 'ET', email: 'hana@example.com' } }),
    });
    const country = await openScreen();
    expect(country.value).toBe('');

    type('Full name (optional)', 'Hana 2');
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Choose the country you live in', { selector: 'p' })).toBeTruthy();
    expect(screen.getAllByText('Use letters, spaces, hyphens and apostrophes only').length).toBeGreaterThan(0);
    expect(api.to('POST /api/main/user/launch-interest')).toHaveLength(0);

    fireEvent.change(country, { target: { value: 'ET' } });
    type('Full name (optional)', ' Hana Tesfaye ');
    type('E-mail address', 'hana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText('Thank you. We will e-mail hana@example.com as soon as Sarraf launches in Ethiopia.'),
    ).toBeTruthy();
    expect(api.to('POST /api/main/user/launch-interest')[0]?.body).toEqual({
      country: 'ET',
      full_name: 'Hana Tesfaye',
      email: 'hana@example.com',
      locale: 'en-GB',
    });
  });

  it('shows a limit in words', async () => {
    fakeApi({
      ...detected('SO'),
      'POST /api/main/user/launch-interest': failure(
        429,
        'EmailDDOS',
        'Too many attempts from your network. Try again later.',
      ),
    });
    const country = await openScreen();
    await waitFor(() => expect(country.value).toBe('SO'));
    type('E-mail address', 'faadumo@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Too many attempts from your network. Try again later.',
    );
  });
});
