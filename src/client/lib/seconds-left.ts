import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `deadline` (ms since the epoch), never below zero. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "m:ss", the way a short wait is shown ("0:42", "1:05"). */
export function formatMinutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline` on this device's clock, ticking every second until it passes. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (Date.now() >= deadline) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return secondsLeft(deadline, now);
}
