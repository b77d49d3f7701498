import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { event, REF, transfer } from '../../testing/transfer.ts';

const DETAIL = `GET /api/main/remit/transaction/${REF}`;
const CANCEL = 'POST /api/main/remit/transaction/cancel';
const DISPUTE = `GET /api/main/remit/transaction/${REF}/dispute`;
const OPEN_DISPUTE = 'POST /api/main/remit/transaction/dispute';

async function openTransfer() {
  const store = createStore();
  store.set(accessTokenAtom, SESSION_TOKEN);
  await renderApp(`/transfers/${REF}`, { store });
  await screen.findByRole('heading', { level: 1, name: 'Transfer to Amina Otieno' });
}

describe('the transfer page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says a rejected transfer was refunded to the wallet, and why', async () => {
    fakeApi({
      [DETAIL]: reply(200, {
        data: transfer({
          status: 'CLOSED',
          status_label: 'rejected',
          close_reason: 'rejected',
          refund_to: 'wallet',
          payout_details_changeable: false,
          events: [
            event('AWAITING', 'created', '2026-11-22T09:00:00Z'),
            event('PENDING', 'payment_approved', '2026-11-22T09:00:10Z'),
            event('CLOSED', 'partner_rejected', '2026-11-22T09:01:00Z', {
              actor: 'partner',
              reason: 'recipient_details_mismatch',
              refund_to: 'wallet',
            }),
          ],
        }),
      }),
    });
    await openTransfer();
    const timeline = screen.getByRole('region', { name: 'Where your money is' });
    const last = within(timeline).getAllByRole('listitem').at(-1);
    expect(last?.textContent).toContain('Rejected by the payout partner');
    expect(last?.textContent).toContain("The recipient's details did not match the payout account.");
    expect(last?.textContent).toContain('Everything you paid, fee included, went back to your Sarraf wallet.');
    expect(screen.queryByRole('button', { name: 'Change payout details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel this transfer' })).toBeNull();
  });

  it('counts down the US cancellation right, confirms, and cancels with the refund where the customer chose', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T09:10:10Z') });
    const recalled = transfer({
      status: 'CLOSED',
      status_label: 'canceled',
      close_reason: 'recalled',
      refund_to: 'wallet',
      payout_details_changeable: false,
      events: [
        ...transfer({}).events,
        event('CLOSED', 'recalled', '2026-11-22T09:10:20Z', { reason: 'customer_request', refund_to: 'wallet' }),
      ],
    });
    const api = fakeApi({
      [DETAIL]: [
        reply(200, { data: transfer({ cancellable_until: '2026-11-22T09:30:10Z' }) }),
        reply(200, { data: recalled }),
      ],
      [CANCEL]: reply(200, { data: recalled }),
    });
    await openTransfer();
    expect(screen.getByRole('timer')?.textContent).toContain('20:00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this transfer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this transfer?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'To your Sarraf wallet, to send again' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    await waitFor(() => expect(api.to(CANCEL)).toHaveLength(1));
    const [sent] = api.to(CANCEL);
    expect(sent?.body).toEqual({ trans_ref: REF, refund_to: 'wallet' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel this transfer' })).toBeNull();
  });

  it('tells the customer when the right has ended meanwhile, and shows the transfer as it is', async () => {
    const api = fakeApi({
      [DETAIL]: [
        reply(200, { data: transfer({ cancellable_until: new Date(Date.now() + 60_000).toISOString() }) }),
        reply(200, { data: transfer({}) }),
      ],
      [CANCEL]: failure(409, 'CancellationWindowClosed', 'This transfer can no longer be cancelled'),
    });
    await openTransfer();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this transfer' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel and refund' }));
    expect((await within(dialog).findByRole('alert'))?.textContent).toContain('can no longer be cancelled');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the transfer' }));
    await waitFor(() => expect(api.to(DETAIL)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel this transfer' })).toBeNull());
  });

  it('reports a problem with a reason and the customer’s words, then shows where it stands', async () => {
    const opened = {
      id: 'dsp_1',
      trans_ref: REF,
      reason: 'late',
      description: 'It took a week.',
      state: 'OPEN',
      outcome: null,
      opened_at: '2026-11-22T09:20:00Z',
      under_review_at: null,
      resolved_at: null,
    };
    const api = fakeApi({
      [DETAIL]: reply(200, { data: transfer({}) }),
      [DISPUTE]: [
        reply(200, { data: { dispute: null, disputable_until: '2027-05-21T09:00:10Z' } }),
        reply(200, { data: { dispute: opened, disputable_until: '2027-05-21T09:00:10Z' } }),
      ],
      [OPEN_DISPUTE]: reply(201, { data: opened }),
    });
    await openTransfer();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'What went wrong?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Say what went wrong.')).toBeTruthy();
    expect(api.to(OPEN_DISPUTE)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Problem'), { target: { value: 'late' } });
    fireEvent.change(within(dialog).getByLabelText('Tell us more'), { target: { value: 'It took a week.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.to(OPEN_DISPUTE)).toHaveLength(1));
    const [sent] = api.to(OPEN_DISPUTE);
    expect(sent?.body).toEqual({ trans_ref: REF, reason: 'late', description: 'It took a week.' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const region = screen.getByRole('region', { name: 'Report a problem' });
    await waitFor(() => expect(within(region).getByRole('status').textContent).toContain('The money arrived late'));
    expect(screen.getByRole('region', { name: 'Where your money is' }).textContent).toContain(
      'Problem reported by you',
    );
    expect(within(region).queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});
