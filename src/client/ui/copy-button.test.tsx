import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n.ts';
import { CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies the value, named for screen readers, and says so', async () => {
    await activateLocale('en-GB');
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <I18nProvider i18n={i18n}>
        <CopyButton value="SR0A1B2C3D" what="the payment reference" />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the payment reference' }));
    expect(writeText).toHaveBeenCalledWith('SR0A1B2C3D');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});
