import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n.ts';
import { TOAST_DISMISS_MS, TOAST_MS, useToast } from './toast.tsx';

function Saving() {
  const { toast, show } = useToast();
  return (
    <>
      <button type="button" onClick={() => show('Amina Otieno deleted')}>
        Delete
      </button>
      {toast}
    </>
  );
}

describe('a toast (SPEC §9: 5 seconds, 200 ms to go when dismissed)', () => {
  beforeEach(async () => {
    await activateLocale('en-GB');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  const region = () => screen.getByRole('status');

  it('shows its message in a live region that was there before, for 5 seconds', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Saving />
      </I18nProvider>,
    );
    expect(region().textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(region().textContent).toContain('Amina Otieno deleted');
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region().textContent).toContain('Amina Otieno deleted');
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(TOAST_DISMISS_MS));
    expect(region().textContent).toBe('');
  });

  it('goes 200 ms after Close, and a new message starts its 5 seconds again', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Saving />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(TOAST_DISMISS_MS - 1));
    expect(region().textContent).toContain('Amina Otieno deleted');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(region().textContent).toContain('Amina Otieno deleted');
  });
});
