import type { KycCustomer } from '../../../domain/contract/kyc.ts';
import { statusOf } from '../../../domain/verification-machine.ts';
import { findCustomer } from '../../customers/customers.ts';
import { sourceCountryOf } from '../../customers/source-country.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { sentThisYear } from '../../yearly-usage/yearly-usage.ts';
import { collectDecisions } from '../verification/document-decisions.ts';
import { loadVerification } from '../verification/verification-records.ts';
import { documentRequestOf, nextDocumentRequestOf, verificationTasks } from '../verification/verification-view.ts';

/**
 * `GET /customer` and `GET /customer/{userReference}`: where the customer's
 * verification stands, with decisions the provider has made since collected.
 * A reference that is not the signed-in customer's answers 404, as one that
 * does not exist does.
 */
export async function kycCustomer(deps: AppDeps, customerId: string, userReference?: string): Promise<KycCustomer> {
  const found = await findCustomer(deps.db, customerId);
  if (!found) throw notFound('Customer');
  if (userReference !== undefined && found.kyc_user_reference !== userReference) throw notFound('Customer');
  await collectDecisions(deps, customerId);
  const { state, results } = await loadVerification(deps.db, customerId);
  const used = await sentThisYear(deps.db, customerId, sourceCountryOf(found).currency, deps.clock.now());
  return {
    user_reference: found.kyc_user_reference,
    status: statusOf(state),
    twoPlusTwoResult: results.twoPlusTwo,
    watchlistResult: results.watchlist,
    document_request: documentRequestOf(state),
    next_document_request: nextDocumentRequestOf(state, found.country, used),
    tasks: await verificationTasks(deps.db, customerId, state),
  };
}
