import type { CheckAnswer } from '../../../domain/contract/kyc.ts';
import { statusOf } from '../../../domain/verification-machine.ts';
import { findCustomer } from '../../customers/customers.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { checkableDetails, runAutomaticChecks } from '../verification/automatic-checks.ts';
import { loadVerification } from '../verification/verification-records.ts';
import { findRefusal, refusalError } from '../verification/verification-refusals.ts';

/**
 * `POST /verification/watchlist` and `/verification/address`: the check's
 * result, the automatic checks run first when they have not (they run
 * together, once, as `user/get` runs them). The provider's refusal of the
 * details is answered as its SPEC §8 error: InvalidInformation until the
 * customer corrects the detail it names; CantProceedWithProvidedDetails for
 * the address check, whose place documents have taken. Details not given
 * yet answer 409.
 */
export async function requestCheck(
  deps: AppDeps,
  customerId: string,
  check: 'watchlist' | 'address',
): Promise<CheckAnswer> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  const remitter = await findRemitter(deps.db, customerId);
  await runAutomaticChecks(deps, customer, remitter);
  const { state, results } = await loadVerification(deps.db, customerId);
  const result = check === 'watchlist' ? results.watchlist : results.twoPlusTwo;
  const refusal = await findRefusal(deps.db, customerId);
  if (refusal && (result === 'NotVerified' || check === 'address')) throw refusalError(refusal);
  if (result === 'NotVerified' && !checkableDetails(customer, remitter)) {
    throw new ApiError(
      'InvalidTransition',
      'Finish your details first: the checks need your name, date of birth and address.',
    );
  }
  return { result, status: statusOf(state) };
}
