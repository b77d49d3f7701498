import type { VerificationStatus } from '../../../domain/verification.ts';
import { type DocumentKind, VerificationRefused } from '../../../domain/verification-machine.ts';
import { findCustomer } from '../../customers/customers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { type Move, moveVerification, type StoredVerification } from './verification-records.ts';

/**
 * A compliance reviewer clears a watchlist hit as a false match (a
 * namesake): the hold ends, the watchlist result becomes Verified, and the
 * move is recorded with the reviewer and their note. A customer with no
 * open review is refused (409 InvalidTransition).
 */
export function clearWatchlistReview(
  deps: AppDeps,
  customerId: string,
  reviewer: string,
  note: string,
): Promise<VerificationStatus> {
  return reviewerMove(deps, customerId, ({ results }) => ({
    event: { type: 'review_cleared' },
    actor: `reviewer:${reviewer}`,
    reason: `watchlist hit cleared: ${note}`,
    results: { ...results, watchlist: 'Verified' },
  }));
}

/**
 * A compliance reviewer asks the customer for a document (enhanced due
 * diligence: proof of source of funds before the ladder would ask, say),
 * recorded with the reviewer and their note. A document already asked for,
 * being checked or accepted is left as it is.
 */
export function requestDocumentByReviewer(
  deps: AppDeps,
  customerId: string,
  document: DocumentKind,
  reviewer: string,
  note: string,
): Promise<VerificationStatus> {
  return reviewerMove(deps, customerId, ({ state }) =>
    state.documents[document] === 'not_needed'
      ? { event: { type: 'document_requested', document }, actor: `reviewer:${reviewer}`, reason: note }
      : undefined,
  );
}

async function reviewerMove(
  deps: AppDeps,
  customerId: string,
  decide: (current: StoredVerification) => Move | undefined,
): Promise<VerificationStatus> {
  if (!(await findCustomer(deps.db, customerId))) throw notFound('Customer');
  try {
    return await deps.db.transaction().execute((trx) =>
      moveVerification(trx, customerId, deps.clock.now(), (current) => {
        const move = decide(current);
        return move ? [move] : [];
      }),
    );
  } catch (error) {
    if (error instanceof VerificationRefused) throw new ApiError('InvalidTransition', error.message);
    throw error;
  }
}
