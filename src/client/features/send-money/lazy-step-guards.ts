import type * as StepGuards from './step-guards.ts';

/**
 * The send-money step guards for route `beforeLoad`s. Route definitions are
 * part of the first load; the guards (and the IndexedDB draft they read) are
 * fetched only when a send-money step is opened.
 */
const load = () => import('./step-guards.ts');

export const guardSendMoneyStep = async (...args: Parameters<typeof StepGuards.guardSendMoneyStep>) =>
  (await load()).guardSendMoneyStep(...args);

/** The pay step of a transfer named in its address lets the customer in: no guard, and none of the guards' code. */
export const guardPayStep = async (
  input: Parameters<typeof StepGuards.guardPayStep>[0],
  transRef: string | undefined,
) => {
  if (!transRef) await (await load()).guardPayStep(input);
};
