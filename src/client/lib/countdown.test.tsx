import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsLeft, useCountdown } from './countdown.ts';

describe('countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
  });

  it('shows the rate countdown as mm:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('shows a resend wait as minutes and two-digit seconds', () => {
    expect(formatCountdown(42, 1)).toBe('0:42');
    expect(formatCountdown(60, 1)).toBe('1:00');
    expect(formatCountdown(65, 1)).toBe('1:05');
    expect(formatCountdown(0, 1)).toBe('0:00');
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

  it('does not tick for a deadline already passed, nor without one', () => {
    vi.useFakeTimers({ now: 5_000 });
    const passed = renderHook(() => useCountdown(3_000));
    expect(passed.result.current).toBe(0);
    const none = renderHook(() => useCountdown(undefined));
    expect(none.result.current).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
