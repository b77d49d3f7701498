import { useEffect, useState } from 'react';

/** Whole seconds left until `expiresAt` (ms on this device's clock), never below zero. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** "mm:ss", as the rate countdown shows it. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The device-clock deadline of a quote whose server timer said `timer` when it arrived at `receivedAt`. */
export function localDeadline(timer: { minutes: number; seconds: number }, receivedAt: number): number {
  return receivedAt + (timer.minutes * 60 + timer.seconds) * 1000;
}

/** Seconds left until `expiresAt`, ticking every second; undefined without a deadline. */
export function useCountdown(expiresAt: number | undefined): number | undefined {
  // the state only makes the component render each second; the clock is read as it renders
  const [, setTick] = useState(0);
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (Date.now() >= expiresAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === undefined ? undefined : secondsLeft(expiresAt, Date.now());
}
