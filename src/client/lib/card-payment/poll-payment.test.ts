import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult } from '../../../domain/contract/transfers.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { PAYMENT_POLL_INTERVAL_MS, pollPayment } from './poll-payment.ts';

const result = (status: PaymentResult['status']): PaymentResult =>
  ({ status, code: status === 'APPROVED' ? 'approved' : null, challenge_url: null }) as PaymentResult;

const networkDown = () => new ApiFailure(0, 'req', [{ type: 'NetworkError', message: 'down', propertyPath: null }]);

describe('card-enrollment polling', () => {
  afterEach(() => vi.useRealTimers());

  it('checks at once, then every 15 seconds while the bank is waiting, and stops at the answer', async () => {
    vi.useFakeTimers();
    const check = vi
      .fn<() => Promise<PaymentResult>>()
      .mockResolvedValueOnce(result('WAITING'))
      .mockRejectedValueOnce(networkDown())
      .mockResolvedValueOnce(result('APPROVED'));
    const outcome = pollPayment(check, { signal: new AbortController().signal });

    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toEqual({ settled: result('APPROVED') });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('ends with a decline, and gives up after the given count of waits', async () => {
    vi.useFakeTimers();
    const declined = pollPayment(async () => result('DECLINED'), { signal: new AbortController().signal });
    await expect(declined).resolves.toEqual({ settled: result('DECLINED') });

    const waiting = vi.fn(async () => result('WAITING'));
    const gaveUp = pollPayment(waiting, { signal: new AbortController().signal, maxChecks: 3 });
    await vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_INTERVAL_MS);
    await expect(gaveUp).resolves.toEqual({ gaveUp: true });
    expect(waiting).toHaveBeenCalledTimes(3);
  });

  it('stops on a refusal that another check cannot change', async () => {
    const notFound = new ApiFailure(404, 'req', [
      { type: 'NotFound', message: 'Transfer not found', propertyPath: null },
    ]);
    await expect(pollPayment(() => Promise.reject(notFound), { signal: new AbortController().signal })).rejects.toBe(
      notFound,
    );
  });
});
