import type { ContactCheck } from '../../../domain/contract/kyc.ts';
import { findCustomer } from '../../customers/customers.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';

/** `GET /verification/phone` and `/verification/email`: the customer's number or address, and whether a code confirmed it. */
export async function contactCheck(
  deps: AppDeps,
  customerId: string,
  channel: 'mobile' | 'email',
): Promise<ContactCheck> {
  const customer = await findCustomer(deps.db, customerId);
  if (!customer) throw notFound('Customer');
  const verifiedAt = channel === 'mobile' ? customer.mobile_verified_at : customer.email_verified_at;
  return {
    value: customer[channel],
    verified: verifiedAt !== null,
    verified_at: verifiedAt === null ? null : new Date(verifiedAt).toISOString(),
  };
}
