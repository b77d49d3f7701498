import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCountdown,
  localDeadline,
  secondsLeft,
  useCountdown,
} from '../../../src/client/features/send-money/quote-countdown.ts';

describe('rate countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds left, never below zero, shown as mm:ss', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it("puts the deadline on this device's clock from the server's timer, whatever the device's clock says", () => {
    expect(localDeadline({ minutes: 9, seconds: 58 }, 1_000)).toBe(1_000 + 598_000);
  });

  it('ticks every second and stops at zero', () => {
    vi.useFakeTimers({ now: 0 });
    const { result } = renderHook(() => useCountdown(3_000));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
