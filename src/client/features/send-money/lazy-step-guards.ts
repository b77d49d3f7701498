import type * as StepGuards from './step-guards.ts';

/**
 * The send-money step guards for route `beforeLoad`s. Route definitions are
 * part of the first load; the guards (and the IndexedDB draft they read) are
 * fetched only when a send-money step is opened.
 */
const load = () => import('./step-guards.ts');

export const guardSendMoneyStep = async (...args: Parameters<typeof StepGuards.guardSendMoneyStep>) =>
  (await load()).guardSendMoneyStep(...args);

export const guardPayStep = async (...args: Parameters<typeof StepGuards.guardPayStep>) =>
  (await load()).guardPayStep(...args);
