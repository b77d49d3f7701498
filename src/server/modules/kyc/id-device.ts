import type { IdDevice } from '../../../domain/contract/kyc.ts';
import { acceptedIdentityDocuments, type IdentityDocumentType } from '../../../domain/identity-documents.ts';
import { findCustomer } from '../../customers/customers.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { collectDecisions } from '../verification/document-decisions.ts';
import { loadVerification } from '../verification/verification-records.ts';

const STATES = { pending: 'checking', passed: 'passed', failed: 'failed' } as const;

/** `GET /verification/id-device`: may the camera capture start, with which documents, and the latest one sent (its decision collected). */
export async function idDevice(deps: AppDeps, customerId: string): Promise<IdDevice> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  await collectDecisions(deps, customerId);
  const { state } = await loadVerification(deps.db, customerId);
  const latest = await deps.db
    .selectFrom('verification_submissions')
    .select(['document_type', 'outcome', 'reason', 'submitted_at'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'identity')
    .orderBy('submitted_at', 'desc')
    .executeTakeFirst();
  return {
    capture_open: customer.kyc_user_reference !== null && ['requested', 'failed'].includes(state.documents.identity),
    documents: acceptedIdentityDocuments(customer.country),
    latest: latest
      ? {
          document_type: latest.document_type as IdentityDocumentType,
          state: STATES[latest.outcome as keyof typeof STATES],
          reason: latest.reason,
          submitted_at: new Date(latest.submitted_at).toISOString(),
        }
      : null,
  };
}
