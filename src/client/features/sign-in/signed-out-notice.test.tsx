import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import { UNAUTHORIZED_FLAG_KEY } from '../../lib/session/logout.ts';
import { SignedOutNotice } from './signed-out-notice.tsx';

describe('the signed-out notice', () => {
  it('still says why when the sign-in screen is drawn again in the same page load, and takes the flag away', async () => {
    await activateLocale('en-GB');
    localStorage.setItem(UNAUTHORIZED_FLAG_KEY, 'expired');
    const draw = () =>
      render(
        <I18nProvider i18n={i18n}>
          <SignedOutNotice />
        </I18nProvider>,
      );
    draw();
    expect(screen.getByRole('status').textContent).toContain("You've been logged out");
    expect(localStorage.getItem(UNAUTHORIZED_FLAG_KEY)).toBeNull();
    cleanup();
    // the screen opened anew (a redirect back to sign-in): the flag is gone from storage, the reason is not
    draw();
    expect(screen.getByRole('status').textContent).toContain('Your session has ended. Sign in again to continue.');
  });
});
