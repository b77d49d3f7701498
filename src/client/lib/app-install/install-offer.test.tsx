import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../i18n.ts';
import { INSTALL_OFFER_KEY } from '../local-settings.ts';
import { InstallOffer } from './install-offer.tsx';
import { captureInstallPrompt } from './install-prompt.ts';

/** The browser's install offer as Chromium fires it; `outcome` is what the customer answers in its dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

function standalone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query === '(display-mode: standalone)' }));
}

async function renderOffer() {
  await activateLocale('en-GB');
  return render(
    <I18nProvider i18n={i18n}>
      <InstallOffer />
    </I18nProvider>,
  );
}

const offer = () => screen.queryByRole('region', { name: 'Keep Sarraf on your home screen' });

describe('the install offer', () => {
  beforeEach(() => {
    standalone(false);
    captureInstallPrompt();
  });

  it('is not made until the browser offers to install', async () => {
    await renderOffer();
    expect(offer()).toBeNull();
    const { event } = offerInstall('accepted');
    expect(event.defaultPrevented, "the browser's own banner is held back").toBe(true);
    expect(offer()).not.toBeNull();
  });

  it("Add to home screen opens the browser's install dialog and is remembered", async () => {
    const { prompt } = offerInstall('accepted');
    await renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Add to home screen' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(offer()).toBeNull();
    expect(localStorage.getItem(INSTALL_OFFER_KEY)).toBe('install');
  });

  it('Not now is remembered: the offer is not made again on this device', async () => {
    const { prompt } = offerInstall('dismissed');
    const { unmount } = await renderOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt).not.toHaveBeenCalled();
    expect(offer()).toBeNull();
    unmount();
    await renderOffer();
    expect(offer()).toBeNull();
  });

  it('is not made once installed, nor in the app opened from the home screen', async () => {
    offerInstall('accepted');
    const { unmount } = await renderOffer();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(offer()).toBeNull();
    unmount();

    standalone(true);
    offerInstall('accepted');
    await renderOffer();
    expect(offer()).toBeNull();
  });
});
