import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KENYA_BANK, KENYA_MOBILE } from '../../../../tests/support/fx-rate-options.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { resetAppStore, SESSION_TOKEN, userData } from '../../testing/auth-fixtures.ts';
import { chooseDestination } from '../../testing/destination-picker.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { clearSendMoneyDraft } from './send-money-draft.ts';

/** Kenya, where a card payout is offered beside mobile money and bank deposits. */
const KENYA_CARD = { ...KENYA_BANK, payout_type: 'card' as const, delivery_hours: 1 };

const HINT = 'New: straight to their card';

/** The quote step on `day` (UTC noon), with SPEC §9's cutoff for the card (2024-05-01). */
async function openQuoteOn(day: string, destinations = [KENYA_MOBILE, KENYA_BANK, KENYA_CARD]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00Z`));
  fakeApi({
    'POST /api/main/user/get': reply(200, { data: userData({ name: 'Amina Otieno' }) }),
    'GET /api/main/api/v2/fx-rates': reply(200, { data: destinations }),
  });
  const page = await renderApp('/send-money/quote', { store: appStore });
  await chooseDestination('Send to', 'ke', 'Kenya');
  return page;
}

describe('the new-payout-method card (SPEC §2 new-feature hint)', () => {
  beforeEach(async () => {
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await clearSendMoneyDraft(appStore);
  });

  it('is shown over the ways to receive before its cutoff day, and gone once "Got it" is pressed, for good', async () => {
    const first = await openQuoteOn('2024-04-30');
    const card = screen.getByRole('region', { name: HINT });
    expect(screen.getByRole('radio', { name: 'Card' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: HINT })).toBeNull();
    first.unmount();

    // another visit on this device, a new page: remembered on the device
    expect(localStorage.getItem('new-payout-method-hint')).toBe('got-it');
    resetAppStore();
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    await openQuoteOn('2024-04-30');
    expect(screen.getByRole('radio', { name: 'Card' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: HINT })).toBeNull();
  });

  it('is not shown from its cutoff day on (today, with SPEC §9’s 2024-05-01)', async () => {
    await openQuoteOn('2024-05-01');
    expect(screen.getByRole('radio', { name: 'Card' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: HINT })).toBeNull();
  });

  it('is not shown where the country offers no card payout', async () => {
    await openQuoteOn('2024-04-30', [KENYA_MOBILE, KENYA_BANK]);
    expect(screen.getByRole('radio', { name: 'Mobile money' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: HINT })).toBeNull();
  });
});
