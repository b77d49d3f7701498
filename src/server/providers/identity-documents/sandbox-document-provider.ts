import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { DocumentDecision, DocumentProvider } from './document-provider.ts';

/**
 * The sandbox decides by the customer's first name, in any letter case, as
 * a vendor's test mode decides by the applicant's name (README "Sandbox
 * documented values"): `Reject` fails every document with the reason below,
 * `Review` goes to a manual review that passes after `reviewSeconds`;
 * everyone else passes at once.
 */
export const SANDBOX_DOCUMENT_REJECTION =
  'We could not read the document: the photo is blurred or part of it is cut off. Take a new photo in good light with all four corners in view.';

/** The first names the sandbox treats specially, compared in lower case. */
export const SANDBOX_DOCUMENT_NAMES = { rejected: 'Reject', review: 'Review' } as const;

export function sandboxDocumentProvider(db: Db, clock: Clock, reviewSeconds: number): DocumentProvider {
  return {
    async submit(submission, { idempotencyKey }) {
      const reference = `doc_${idempotencyKey}`;
      await db
        .insertInto('sandbox_document_checks')
        .values({
          reference,
          first_name: submission.firstName,
          last_name: submission.lastName,
          kind: submission.kind,
          submitted_at: clock.now(),
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      return { reference };
    },
    async decision(reference): Promise<DocumentDecision> {
      const check = await db
        .selectFrom('sandbox_document_checks')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirst();
      if (!check) throw new Error(`the sandbox document provider has no submission ${reference}`);
      const name = check.first_name.trim().toLowerCase();
      if (name === SANDBOX_DOCUMENT_NAMES.rejected.toLowerCase())
        return { outcome: 'failed', reason: SANDBOX_DOCUMENT_REJECTION };
      if (name === SANDBOX_DOCUMENT_NAMES.review.toLowerCase()) {
        const due = new Date(check.submitted_at).getTime() + reviewSeconds * 1000;
        return clock.now().getTime() >= due ? { outcome: 'passed' } : { outcome: 'pending' };
      }
      return { outcome: 'passed' };
    },
  };
}
