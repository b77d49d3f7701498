import type { UserData } from '../../../domain/contract/user.ts';
import { findCustomer } from '../../customers/customers.ts';
import { sourceCountryOf } from '../../customers/source-country.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { sentThisYear } from '../../yearly-usage/yearly-usage.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { ChecksUnavailable, checkableDetails, runAutomaticChecks } from '../verification/automatic-checks.ts';
import { collectDecisions } from '../verification/document-decisions.ts';
import { collectScreening } from '../verification/pending-screenings.ts';
import { loadVerification } from '../verification/verification-records.ts';
import { findRefusal, stepToCorrect } from '../verification/verification-refusals.ts';
import { documentRequestOf, nextDocumentRequestOf, verificationTasks } from '../verification/verification-view.ts';
import { remitterView, userLimitView, userView } from './user-view.ts';

/**
 * The signed-in customer's data. `askedFor`, when given, must be the
 * session's own customer: any other id is answered as not found.
 */
export async function getUserData(deps: AppDeps, customerId: string, askedFor: string | undefined): Promise<UserData> {
  if (askedFor !== undefined && askedFor !== customerId) throw notFound('Customer');
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  if (customer.status !== 'active') {
    throw new ApiError('DisabledCustomer', 'Your account is blocked. Contact customer support.');
  }
  const remitter = await findRemitter(deps.db, customer.id);
  try {
    await runAutomaticChecks(deps, customer, remitter);
  } catch (error) {
    // the customer's data does not wait for a provider that is down: the checks run at the next load
    if (!(error instanceof ChecksUnavailable)) throw error;
    deps.logger.warn(
      { err: error.cause, customerId: customer.id },
      'automatic checks put off: a provider is unavailable',
    );
  }
  await collectScreening(deps, customer.id);
  await collectDecisions(deps, customer.id);
  const current = await findCustomer(deps.db, customerId);
  if (!current) throw notFound('Customer');
  const used = await sentThisYear(deps.db, current.id, sourceCountryOf(current).currency, deps.clock.now());
  const { state, results } = await loadVerification(deps.db, current.id);
  const user = userView(current, remitter);
  // a detail the checks could not use is corrected on its onboarding step, which opens again
  const correct = stepToCorrect(await findRefusal(deps.db, current.id), checkableDetails(current, remitter));
  return {
    user: {
      ...user,
      ...(correct ? { redirect_to_full: correct, isFullyRegistered: false } : {}),
      verification: { ...user.verification, twoPlusTwoResult: results.twoPlusTwo, watchlistResult: results.watchlist },
    },
    remitter: remitterView(current, remitter),
    user_limit: userLimitView(current, used),
    document_request: documentRequestOf(state),
    next_document_request: nextDocumentRequestOf(state, current.country, used),
    verification_tasks: await verificationTasks(deps.db, current.id, state),
    meta: { customer: { kyc_user_reference: current.kyc_user_reference } },
  };
}
