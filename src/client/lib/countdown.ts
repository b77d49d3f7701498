import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `deadline` (ms on this device's clock), never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * A wait as minutes and two-digit seconds: "0:42" with one minute digit (a
 * resend wait), "00:42" with two (the rate countdown).
 */
export function formatCountdown(seconds: number, minuteDigits: 1 | 2 = 2): string {
  const minutes = String(Math.floor(seconds / 60)).padStart(minuteDigits, '0');
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline` on this device's clock, ticking every second until it passes; undefined without one. */
export function useCountdown(deadline: number): number;
export function useCountdown(deadline: number | undefined): number | undefined;
export function useCountdown(deadline: number | undefined): number | undefined {
  // the state only makes the component render each second; the clock is read as it renders
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === undefined || Date.now() >= deadline) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (Date.now() >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : secondsLeft(deadline, Date.now());
}
