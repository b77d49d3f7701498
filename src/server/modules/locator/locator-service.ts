import type { LocatorUser } from '../../../domain/contract/locator.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { findCustomerByEmail } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiBases } from './locator-views.ts';

/** Which API base and brand the customer with this e-mail signs in with. */
export async function locateUser(db: Db, email: string, bases: ApiBases): Promise<LocatorUser> {
  const customer = await findCustomerByEmail(db, email);
  const country = customer && findSourceCountry(customer.country);
  if (!country) throw new ApiError('CustomerNotFound', "We can't find an account with this e-mail");
  return { middleware_url: bases.main, project_name: country.project };
}
