import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '../../../domain/contract/transfers.ts';
import type { TopUp } from '../../../domain/contract/wallets.ts';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { REF, transfer } from '../../testing/transfer.ts';
import { errorModalAtom } from '../error-modal/error-modal-atom.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import { payinPurpose, payinReturnQuery } from './payin-purpose.ts';
import { usePayinReturn } from './payin-return.ts';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_CHECKS } from './poll-payment.ts';

const CHECK = 'POST /api/main/remit/card/check-card-enrollment';
const PAYMENT_STATUS = 'GET /api/main/remit/transaction/payment-status';
const TOP_UP = 'GET /api/main/remit/wallet/top-up/tu_1';

const payment = (status: PaymentResult['status'], code: PaymentResult['code'] = null): PaymentResult => ({
  status,
  code,
  challenge_url: null,
  transfer: transfer({}),
});
const topUp = (status: TopUp['status'], code: TopUp['code'] = null): TopUp => ({
  id: 'tu_1',
  method: 'bank_link',
  status,
  code,
  challenge_url: null,
  currency: 'GBP',
  amount: '25.00',
  balance: status === 'APPROVED' ? '25.00' : '0.00',
});

/** Let the fake network and React finish what they started (timers are fake here). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(1));
}

describe('the purpose of a pay-in return', () => {
  it('is the transfer of send-money-pay, or the top-up of wallet-top-up', () => {
    expect(payinPurpose({ routeName: 'send-money-pay', transactionReference: REF })).toEqual({
      kind: 'transfer',
      transRef: REF,
    });
    expect(payinPurpose({ routeName: 'wallet-top-up', top_up_id: 'tu_1' })).toEqual({
      kind: 'top-up',
      topUpId: 'tu_1',
    });
  });

  it('is none when the routeName is another, or lacks its own reference', () => {
    expect(payinPurpose({ routeName: 'wallets', transactionReference: REF, top_up_id: 'tu_1' })).toBeUndefined();
    expect(payinPurpose({ routeName: 'send-money-pay', top_up_id: 'tu_1' })).toBeUndefined();
    expect(payinPurpose({ routeName: 'wallet-top-up', transactionReference: REF })).toBeUndefined();
    expect(payinPurpose({ transactionReference: REF })).toBeUndefined();
  });

  it('reads the query as text, whatever the router parsed it as', () => {
    expect(payinReturnQuery({ routeName: 'wallet-top-up', top_up_id: 42, transactionReference: { a: 1 } })).toEqual({
      routeName: 'wallet-top-up',
      top_up_id: '42',
      transactionReference: undefined,
    });
  });
});

describe('polling a pay-in return', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(errorModalAtom, null);
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it("asks a transfer's payment-status at once and every 15 seconds, and is approved once the bank answers", async () => {
    const api = fakeApi({
      [PAYMENT_STATUS]: [
        reply(200, { data: payment('WAITING') }),
        reply(200, { data: payment('APPROVED', 'approved') }),
      ],
    });
    const onApproved = vi.fn();
    const { result } = renderHook(() => usePayinReturn({ kind: 'transfer', transRef: REF }, { onApproved }));

    await settle();
    expect(result.current).toEqual({ name: 'confirming' });
    expect(api.to(PAYMENT_STATUS)).toHaveLength(1);
    expect(onApproved).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    await settle();
    expect(api.to(PAYMENT_STATUS)).toHaveLength(2);
    expect(result.current).toEqual({ name: 'approved', result: payment('APPROVED', 'approved') });
    expect(onApproved).toHaveBeenCalledTimes(1);
    expect(api.to(CHECK)).toHaveLength(0);
  });

  it('asks check-card-enrollment when the return names the payment, and fails with its code', async () => {
    const api = fakeApi({
      [CHECK]: reply(200, {
        data: {
          status: 'DECLINED',
          route: 'send-money-pay',
          payment: payment('DECLINED', 'payment_was_declined_by_bank'),
          top_up: null,
        },
      }),
    });
    const onApproved = vi.fn();
    const { result } = renderHook(() =>
      usePayinReturn({ kind: 'transfer', transRef: REF }, { paymentId: 'pay_1', onApproved }),
    );

    await settle();
    expect(api.to(CHECK).map((request) => request.body)).toEqual([{ payment_id: 'pay_1' }]);
    expect(api.to(PAYMENT_STATUS)).toHaveLength(0);
    expect(result.current).toEqual({
      name: 'failed',
      code: 'payment_was_declined_by_bank',
      result: payment('DECLINED', 'payment_was_declined_by_bank'),
    });
    expect(onApproved).not.toHaveBeenCalled();
  });

  it("asks a top-up's own status without a payment id, and a decline without a code is an unknown error", async () => {
    fakeApi({ [TOP_UP]: reply(200, { data: topUp('DECLINED') }) });
    const { result } = renderHook(() => usePayinReturn({ kind: 'top-up', topUpId: 'tu_1' }));

    await settle();
    expect(result.current).toEqual({ name: 'failed', code: 'unknown_error', result: topUp('DECLINED') });
  });

  it('gives up after the last check the bank leaves waiting, without the error modal', async () => {
    const api = fakeApi({ [TOP_UP]: reply(200, { data: topUp('WAITING') }) });
    const { result } = renderHook(() => usePayinReturn({ kind: 'top-up', topUpId: 'tu_1' }));

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MAX_CHECKS * PAYMENT_POLL_INTERVAL_MS));
    await settle();
    expect(api.to(TOP_UP)).toHaveLength(PAYMENT_POLL_MAX_CHECKS);
    expect(result.current).toEqual({ name: 'gave-up' });
    expect(appStore.get(errorModalAtom)).toBeNull();
  });

  it('gives up at a refusal another check cannot change, and opens the error modal', async () => {
    const api = fakeApi({ [TOP_UP]: failure(404, 'NotFound', 'Top-up not found') });
    const { result } = renderHook(() => usePayinReturn({ kind: 'top-up', topUpId: 'tu_1' }));

    await settle();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    expect(api.to(TOP_UP)).toHaveLength(1);
    expect(result.current).toEqual({ name: 'gave-up' });
    expect(appStore.get(errorModalAtom)).not.toBeNull();
  });

  it('stops asking once the screen is gone', async () => {
    const api = fakeApi({ [PAYMENT_STATUS]: reply(200, { data: payment('WAITING') }) });
    const { unmount } = renderHook(() => usePayinReturn({ kind: 'transfer', transRef: REF }));

    await settle();
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_INTERVAL_MS));
    expect(api.to(PAYMENT_STATUS)).toHaveLength(1);
    expect(appStore.get(errorModalAtom)).toBeNull();
  });
});
