import { ApiFailure } from '../api/api-failure.ts';

/** SPEC §9: card-enrollment status is polled every 15 seconds, up to a given count. */
export const PAYMENT_POLL_INTERVAL_MS = 15_000;
export const PAYMENT_POLL_MAX_CHECKS = 20;

/** What a poll asks about: a card payment or top-up whose status is WAITING until the bank answers. */
export interface Pollable {
  status: string;
}

export type PollOutcome<T extends Pollable> = { settled: T } | { gaveUp: true };

export interface PollOptions {
  intervalMs?: number;
  maxChecks?: number;
  signal: AbortSignal;
  /** told after each check that is still waiting (or could not reach us) */
  onWaiting?: (checks: number) => void;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    // the listener goes with the pause, so a long poll does not pile them up on its signal
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Ask for the payment's status at once, then every interval while it is
 * WAITING (SPEC §4: APPROVED gives success, WAITING retries, anything else
 * fails). A check that does not reach us, or that the server fails, counts
 * as one more wait; any other refusal ends the poll. Stops
 * after `maxChecks` checks without an answer.
 */
export async function pollPayment<T extends Pollable>(
  check: (signal: AbortSignal) => Promise<T>,
  { intervalMs = PAYMENT_POLL_INTERVAL_MS, maxChecks = PAYMENT_POLL_MAX_CHECKS, signal, onWaiting }: PollOptions,
): Promise<PollOutcome<T>> {
  for (let checks = 1; ; checks += 1) {
    try {
      const result = await check(signal);
      if (result.status !== 'WAITING') return { settled: result };
    } catch (error) {
      const transient = error instanceof ApiFailure && (error.status === 0 || error.status >= 500);
      if (signal.aborted || !transient) throw error;
    }
    onWaiting?.(checks);
    if (checks >= maxChecks) return { gaveUp: true };
    await pause(intervalMs, signal);
  }
}
