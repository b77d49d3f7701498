import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { event, REF, transfer } from '../../testing/transfer.ts';

const DETAIL = `GET /api/main/remit/transaction/${REF}`;

async function openReceipt() {
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  await renderApp(`/transfers/${REF}/receipt`, { store });
  return screen.findByRole('region', { name: `Transfer ${REF}` });
}

describe('the receipt’s delivery promise', () => {
  it('states the promised time and the refund rule', async () => {
    fakeApi({ [DETAIL]: reply(200, { data: transfer({}) }) });
    const summary = await openReceipt();
    expect(within(summary).getByText('Promised by')).toBeTruthy();
    expect(summary.querySelector('time[datetime="2026-11-22T10:00:10Z"]')?.textContent).toMatch(/^22 November 2026/);
    expect(summary.textContent).toContain(
      'Our promise: if the money arrives later than this, we put your fee back in your Sarraf wallet.',
    );
  });

  it('says the fee went back when the payout came late', async () => {
    const events = [
      event('AWAITING', 'created', '2026-11-22T09:00:00Z'),
      event('PENDING', 'payment_approved', '2026-11-22T09:00:10Z'),
      event('SENT', 'partner_accepted', '2026-11-22T09:01:00Z', { actor: 'partner' }),
      event('PAID', 'partner_paid', '2026-11-22T11:00:00Z', { actor: 'partner' }),
      event('PAID', 'late_fee_refunded', '2026-11-22T11:00:00Z', { actor: 'system' }),
    ];
    fakeApi({
      [DETAIL]: reply(200, {
        data: transfer({
          status: 'PAID',
          status_label: 'completed',
          paid_at: '2026-11-22T11:00:00Z',
          events,
          delivery_promise: { hours: 1, promised_by: '2026-11-22T10:00:10Z', fee_refunded_at: '2026-11-22T11:00:00Z' },
        }),
      }),
    });
    const summary = await openReceipt();
    expect(summary.textContent).toContain(
      'It arrived later than we promised, so we put your fee back in your Sarraf wallet.',
    );
  });
});
