import { fireEvent, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { CARD_FIELDS_WAIT, SANDBOX_CARD_GATEWAY } from '../../testing/pay-step.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { REF, transfer } from '../../testing/transfer.ts';

const unpaid = transfer({
  status: 'AWAITING',
  status_label: 'waiting_for_payment',
  purpose: 'fund_investment',
  funded_at: null,
  paid_with: null,
  payout_details_changeable: false,
  quote_expiration_time: new Date(Date.now() + 10 * 60_000).toISOString(),
});

async function openPay(earlier: unknown[]) {
  fakeApi({
    [`GET /api/main/remit/transaction/${REF}`]: reply(200, { data: unpaid }),
    'GET /api/main/remit/transaction/list': reply(200, { data: earlier, _links: {} }),
    ...SANDBOX_CARD_GATEWAY,
  });
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  await renderApp(`/send-money/pay/${REF}`, { store });
  await screen.findByRole('heading', { level: 1, name: 'Confirm and pay' });
}

describe('the scam warning before paying', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns before the first payment to a recipient for an investment, and shows the card form once confirmed', async () => {
    await openPay([unpaid]);
    const warning = await screen.findByRole('region', { name: 'Could this be a scam?' });
    expect(warning.textContent).toContain('Scammers promise big, quick returns on an investment');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I know Amina Otieno and I have checked this request is genuine' }),
    );
    expect(await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT)).toBeTruthy();
  });

  it('says nothing once the recipient has been paid before', async () => {
    await openPay([unpaid, transfer({ trans_ref: 'SR0000000B' })]);
    expect(await screen.findByLabelText('Card number', {}, CARD_FIELDS_WAIT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Could this be a scam?' })).toBeNull();
  });
});
