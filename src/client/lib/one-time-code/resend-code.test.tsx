import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../i18n.ts';
import { ResendCode } from './resend-code.tsx';

describe('resend code', () => {
  beforeEach(async () => {
    await activateLocale('en-GB');
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => vi.useRealTimers());

  function show(availableAt: number, sending = false) {
    const onResend = vi.fn();
    const view = render(
      <I18nProvider i18n={i18n}>
        <ResendCode availableAt={availableAt} sending={sending} onResend={onResend} />
      </I18nProvider>,
    );
    return { onResend, view };
  }

  it('waits with a visible countdown, then offers a new code and says so once', () => {
    const { onResend } = show(1_000_000 + 42_000);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Resend code in 0:42');
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => vi.advanceTimersByTime(12_000));
    expect(button.textContent).toBe('Resend code in 0:30');

    act(() => vi.advanceTimersByTime(30_000));
    expect(button.textContent).toBe('Resend code');
    expect(button).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe('You can ask for a new code now.');

    fireEvent.click(button);
    expect(onResend).toHaveBeenCalledOnce();
  });

  it('shows progress while a new code is being sent', () => {
    show(1_000_000 - 1, true);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Sending a new code…');
    expect(button).toHaveProperty('disabled', true);
  });
});
