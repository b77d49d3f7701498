import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '../../../domain/verification-machine.ts';
import { VerificationRefused } from '../../../domain/verification-machine.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findCustomer } from '../user/customers.ts';
import { loadVerification, moveVerification } from './verification-records.ts';

const ASKED_FOR = ['requested', 'failed'];

/**
 * Hand the customer's document of `kind` to the document provider and move
 * their verification to "being checked" (`document_submitted`), recording
 * the submission. A document nobody asked for is refused (409
 * InvalidTransition) before the provider hears of it. `store` keeps the
 * files in the submission's transaction. The provider's decision is collected
 * later (`collectDecisions`).
 */
export async function submitDocument(
  deps: AppDeps,
  customerId: string,
  kind: DocumentKind,
  documentType: string,
  files: { side: string; sha256: string }[],
  store?: (trx: Db, submissionId: string) => Promise<void>,
): Promise<{ submissionId: string }> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  if (!customer.kyc_user_reference || !customer.first_name || !customer.last_name) {
    throw new ApiError('InvalidTransition', 'Finish your details first: verification has not started yet.');
  }
  const { state } = await loadVerification(deps.db, customerId);
  if (!ASKED_FOR.includes(state.documents[kind])) {
    throw new ApiError('InvalidTransition', 'This document has not been asked for');
  }
  const submissionId = randomUUID();
  const { reference } = await deps.providers.documents.submit(
    {
      customerReference: customer.kyc_user_reference,
      firstName: customer.first_name,
      lastName: customer.last_name,
      kind,
      documentType,
      files,
    },
    { idempotencyKey: submissionId },
  );
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('verification_submissions')
        .values({
          id: submissionId,
          customer_id: customerId,
          kind,
          document_type: documentType,
          provider_reference: reference,
          outcome: 'pending',
          reason: null,
          submitted_at: deps.clock.now(),
          decided_at: null,
        })
        .execute();
      await store?.(trx, submissionId);
      await moveVerification(trx, customerId, deps.clock.now(), () => [
        {
          event: { type: 'document_submitted', document: kind },
          actor: 'customer',
          reason: `${documentType} uploaded (${files.map((f) => f.side).join(', ')})`,
        },
      ]);
    });
  } catch (error) {
    if (error instanceof VerificationRefused) throw new ApiError('InvalidTransition', error.message);
    throw error;
  }
  return { submissionId };
}
