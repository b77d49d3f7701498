import type { VerificationStatus } from '../../../domain/verification.ts';
import { VerificationRefused } from '../../../domain/verification-machine.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findCustomer } from '../user/customers.ts';
import { moveVerification } from './verification-records.ts';

/**
 * A compliance reviewer clears a watchlist hit as a false match (a
 * namesake): the hold ends, the watchlist result becomes Verified, and the
 * move is recorded with the reviewer and their note. A customer with no
 * open review is refused (409 InvalidTransition).
 */
export async function clearWatchlistReview(
  deps: AppDeps,
  customerId: string,
  reviewer: string,
  note: string,
): Promise<VerificationStatus> {
  if (!(await findCustomer(deps.db, customerId))) throw notFound('Customer');
  try {
    return await deps.db.transaction().execute((trx) =>
      moveVerification(trx, customerId, deps.clock.now(), ({ results }) => [
        {
          event: { type: 'review_cleared' },
          actor: `reviewer:${reviewer}`,
          reason: `watchlist hit cleared: ${note}`,
          results: { ...results, watchlist: 'Verified' },
        },
      ]),
    );
  } catch (error) {
    if (error instanceof VerificationRefused) throw new ApiError('InvalidTransition', error.message);
    throw error;
  }
}
