import type { UserData } from '../../../domain/contract/user.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { findRemitter } from '../remitter/remitters.ts';
import { sentThisYear } from '../transfers/yearly-usage.ts';
import { findCustomer } from './customers.ts';
import { remitterView, sourceCountryOf, userLimitView, userView } from './user-view.ts';

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
  const used = await sentThisYear(deps.db, customer.id, sourceCountryOf(customer).currency, deps.clock.now());
  const remitter = await findRemitter(deps.db, customer.id);
  return {
    user: userView(customer, remitter),
    remitter: remitterView(customer, remitter),
    user_limit: userLimitView(customer, used),
    meta: { customer: { kyc_user_reference: null } },
  };
}
