import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALE_KEY } from '../../lib/local-settings.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { preferredLocale, startupLocale } from './locale-preference.ts';

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

    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Språk' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    // The title follows in an effect, which may run after the heading is painted.
    await waitFor(() => expect(document.title).toBe('Logga in | Sarraf'));
    expect(localStorage.getItem(LOCALE_KEY)).toBe('sv');
    expect(startupLocale()).toBe('sv');

    fireEvent.change(screen.getByRole('combobox', { name: 'Språk' }), { target: { value: 'so' } });
    expect(await screen.findByRole('combobox', { name: 'Luqadda' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('so');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('so');
  });
});

describe('preferredLocale', () => {
  it('takes the stored choice first', () => {
    expect(preferredLocale('so', ['sv-SE'])).toBe('so');
  });

  it('ignores a stored value that is not a locale we have', () => {
    expect(preferredLocale('de', ['en-US'])).toBe('en-US');
  });

  it('matches the browser languages by region, then by language', () => {
    expect(preferredLocale(null, ['en-CA', 'sv'])).toBe('en-CA');
    expect(preferredLocale(null, ['sv-FI'])).toBe('sv');
    expect(preferredLocale(null, ['de-DE', 'so-KE'])).toBe('so');
    expect(preferredLocale(null, ['en-AU'])).toBe('en-GB');
    expect(preferredLocale(null, ['de-DE'])).toBe('en-GB');
    expect(preferredLocale(null, [])).toBe('en-GB');
  });
});
