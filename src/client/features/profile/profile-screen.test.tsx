import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('the profile', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens once sending is open to the customer', async () => {
    const data = userData({
      firstName: 'Amina',
      name: 'Amina Warsame',
      isRemittanceEnabled: true,
      verification: { status: 'Pass' },
    });
    fakeApi({ 'POST /api/main/user/get': reply(200, { data }) });
    await renderApp('/profile', { store: appStore });
    expect((await screen.findByRole('region', { name: 'Personal details' })).textContent).toContain('Amina Warsame');
  });

  it('says it is not open yet, and why, while sending is not open (SPEC §2)', async () => {
    fakeApi({ 'POST /api/main/user/get': reply(200, { data: userData({ firstName: 'Amina' }) }) });
    await renderApp('/profile', { store: appStore });
    // the page says it (the account menu's closed dialog holds the same words, for its Profile item)
    await within(screen.getByRole('main')).findByText(
      /We open your profile, and sending money, once we have checked your details/,
    );
    expect(screen.queryByRole('region', { name: 'Personal details' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });
});
