import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/session/app-store.ts';
import { residenceCountryAtom } from '../../lib/session/onboarding-atoms.ts';
import { baseUrlAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, sourceCountry } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SWEDEN = { ...sourceCountry('SE', 'Sweden', 'SEK'), middleware_url: '/api/se/main', bank_id_login: true };
const COUNTRIES = [sourceCountry('GB', 'United Kingdom', 'GBP'), SWEDEN];

describe('/sign-in-country', () => {
  beforeEach(resetAppStore);
  afterEach(() => vi.unstubAllGlobals());

  it("asks the country first, and signs in to that country's service, keeping where to go after", async () => {
    fakeApi({
      'GET /api/locator/countries': reply(200, { data: COUNTRIES }),
      'GET /api/main/user/detect-country': reply(200, { data: { country_code: 'GB', region_code: null } }),
    });
    const { router } = await renderApp('/sign-in-country?redirect=%2Ftransfers', { store: appStore });
    await screen.findByRole('heading', { level: 1, name: 'Where do you live?' });
    expect(await screen.findByRole('radio', { name: 'United Kingdom' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('radio', { name: 'Sweden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/transfers' });
    expect(appStore.get(baseUrlAtom)).toBe('/api/se/main');
    expect(appStore.get(residenceCountryAtom)).toBe('SE');
  });
});
