import type { DocumentKind } from '../../../domain/verification-machine.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { DocumentDecision } from '../../providers/identity-documents/document-provider.ts';
import { moveVerification } from './verification-records.ts';

interface PendingSubmission {
  id: string;
  kind: string;
  provider_reference: string;
}

/**
 * Record the provider's final decision on one submission: its outcome and
 * the verification move, in one transaction. A decision already recorded
 * (by another request, or a callback delivered twice) changes nothing.
 */
export async function recordDecision(
  deps: AppDeps,
  customerId: string,
  submission: PendingSubmission,
  decision: Exclude<DocumentDecision, { outcome: 'pending' }>,
): Promise<void> {
  const reason = decision.outcome === 'failed' ? decision.reason : null;
  await deps.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('verification_submissions')
      .set({ outcome: decision.outcome, reason, decided_at: deps.clock.now() })
      .where('id', '=', submission.id)
      .where('outcome', '=', 'pending')
      .executeTakeFirst();
    if (decided.numUpdatedRows === 0n) return;
    await moveVerification(trx, customerId, deps.clock.now(), () => [
      {
        event: {
          type: 'document_decided',
          document: submission.kind as DocumentKind,
          passed: decision.outcome === 'passed',
        },
        actor: 'provider:documents',
        reason: reason ?? `${submission.kind} document accepted (${submission.provider_reference})`,
      },
    ]);
  });
}

/**
 * Ask the document provider about the customer's submissions still waiting
 * for a decision, and record each decision that has come.
 */
export async function collectDecisions(deps: AppDeps, customerId: string): Promise<void> {
  const pending = await deps.db
    .selectFrom('verification_submissions')
    .select(['id', 'kind', 'provider_reference'])
    .where('customer_id', '=', customerId)
    .where('outcome', '=', 'pending')
    .orderBy('submitted_at')
    .execute();
  for (const submission of pending) {
    const decision = await deps.providers.documents.decision(submission.provider_reference);
    if (decision.outcome !== 'pending') await recordDecision(deps, customerId, submission, decision);
  }
}
