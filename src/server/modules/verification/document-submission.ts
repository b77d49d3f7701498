import { randomUUID } from 'node:crypto';
import { acceptedIdentityDocuments } from '../../../domain/identity-documents.ts';
import type { DocumentKind, VerificationState } from '../../../domain/verification-machine.ts';
import { VerificationRefused } from '../../../domain/verification-machine.ts';
import { type Customer, findCustomer } from '../../customers/customers.ts';
import { sourceCountryOf } from '../../customers/source-country.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { DocumentSubmission } from '../../providers/identity-documents/document-provider.ts';
import { sentThisYear } from '../../yearly-usage/yearly-usage.ts';
import { loadVerification, moveVerification } from './verification-records.ts';
import { nextDocumentRequestOf } from './verification-view.ts';

const ASKED_FOR = ['requested', 'failed'];

/** Whether `kind` is the document the ladder will ask the customer for next (`next_document_request`). */
async function offeredAhead(deps: AppDeps, customer: Customer, state: VerificationState, kind: DocumentKind) {
  const used = await sentThisYear(deps.db, customer.id, sourceCountryOf(customer).currency, deps.clock.now());
  return nextDocumentRequestOf(state, customer.country, used)?.document === kind;
}

/**
 * The customer and the names the providers know them by, when their document of `kind` is asked for, or, with
 * `ahead` (the upload wizard), is the next one the ladder will ask for, which the customer may send early; else 409.
 */
export async function customerAskedFor(
  deps: AppDeps,
  customerId: string,
  kind: DocumentKind,
  { ahead = false } = {},
): Promise<{ customerReference: string; firstName: string; lastName: string; country: string }> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  if (!customer.kyc_user_reference || !customer.first_name || !customer.last_name) {
    throw new ApiError('InvalidTransition', 'Finish your details first: verification has not started yet.');
  }
  const { state } = await loadVerification(deps.db, customerId);
  if (!ASKED_FOR.includes(state.documents[kind]) && !(ahead && (await offeredAhead(deps, customer, state, kind)))) {
    throw new ApiError('InvalidTransition', 'This document has not been asked for');
  }
  return {
    customerReference: customer.kyc_user_reference,
    firstName: customer.first_name,
    lastName: customer.last_name,
    country: customer.country,
  };
}

/** An identity document must be one accepted where the customer lives (`api/v2/docs-info`); else 400 on `field`. */
export function assertAcceptedHere(country: string, documentType: string, field: string): void {
  if (!acceptedIdentityDocuments(country).some((accepted) => accepted.document_type === documentType)) {
    throw new ApiError(
      'ValidationFailed',
      'This document is not accepted where you live; choose one of the listed documents',
      field,
    );
  }
}

export interface Submission {
  kind: DocumentKind;
  documentType: string;
  /** each file's side (form field), SHA-256 and checked bytes */
  files: DocumentSubmission['files'];
  /** keeps the files in the submission's transaction */
  store?: (trx: Db, submissionId: string) => Promise<void>;
  /**
   * the provider's reference for this submission when a provider already
   * holds it (the identity-capture flow); without it the document provider
   * is handed the submission here
   */
  providerReference?: string;
}

/**
 * Hand the customer's document of `kind` to the document provider and move
 * their verification to "being checked" (`document_submitted`), recording
 * the submission. A document nobody asked for is refused (409
 * InvalidTransition) before the provider hears of it. The provider's
 * decision is collected later (`collectDecisions`) or comes with its
 * callback (`capture-callback.ts`).
 */
export async function submitDocument(
  deps: AppDeps,
  customerId: string,
  { kind, documentType, files, store, providerReference }: Submission,
): Promise<{ submissionId: string }> {
  // a document of the capture flow was asked for when the capture started; an upload may come ahead
  const { country, ...customer } = await customerAskedFor(deps, customerId, kind, {
    ahead: providerReference === undefined,
  });
  if (kind === 'identity') assertAcceptedHere(country, documentType, 'type');
  const submissionId = randomUUID();
  const reference =
    providerReference ??
    (
      await deps.providers.documents.submit(
        {
          ...customer,
          kind,
          documentType,
          files,
        },
        { idempotencyKey: submissionId },
      )
    ).reference;
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
      await moveVerification(trx, customerId, deps.clock.now(), ({ state }) => [
        // sent ahead: the customer asks for the check the ladder would have asked for later
        ...(state.documents[kind] === 'not_needed'
          ? [
              {
                event: { type: 'document_requested', document: kind } as const,
                actor: 'customer',
                reason: 'sent ahead',
              },
            ]
          : []),
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
