import { redirect } from '@tanstack/react-router';
import type { AppStore } from '../../lib/session/app-store.ts';
import { loadSendMoneyDraft, type SendMoneyDraft } from './send-money-draft.ts';

/** Send-money screens that need earlier steps done. */
export type GuardedStep = 'self-info' | 'recipient' | 'new-recipient-details' | 'recipient-details';

export type StepPath = '/send-money/quote' | '/send-money/self-info' | '/send-money/recipient';

/** The earliest step `step` still needs, or null when the draft has everything before it. */
export function missingStep(draft: SendMoneyDraft, step: GuardedStep): StepPath | null {
  if (!draft.destination || !draft.amount || !draft.quote) return '/send-money/quote';
  if (step === 'self-info') return null;
  if (!draft.senderConfirmed) return '/send-money/self-info';
  if (step === 'recipient-details' && !draft.beneficiaryId) return '/send-money/recipient';
  return null;
}

/** `beforeLoad` of a send-money step: a screen opened out of order (a bookmark, a reload) goes back to what is missing. */
export async function guardSendMoneyStep({ context }: { context: { store: AppStore } }, step: GuardedStep) {
  const to = missingStep(await loadSendMoneyDraft(context.store), step);
  if (to) throw redirect({ to, replace: true });
}

/**
 * `beforeLoad` of the pay step without a reference: the transfer the draft
 * created, else the review step that creates it.
 */
export async function guardPayStep({ context }: { context: { store: AppStore } }) {
  const draft = await loadSendMoneyDraft(context.store);
  const made = draft.transfer?.transRef;
  if (made) {
    throw redirect({
      to: '/send-money/pay/{-$transactionReference}',
      params: { transactionReference: made },
      replace: true,
    });
  }
  await guardSendMoneyStep({ context }, 'recipient-details');
  throw redirect({ to: '/send-money/recipient-details', replace: true });
}
