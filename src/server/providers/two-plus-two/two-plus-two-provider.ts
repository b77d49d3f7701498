import type { Db } from '../../db/connection.ts';

/** The details a database check is asked about. */
export interface CheckedPerson {
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD` */
  dateOfBirth: string;
  street: string;
  /** the town, and the state or province, where the customer gave them */
  city: string | null;
  province: string | null;
  postcode: string;
  /** the country of the address (the customer's), ISO 3166-1 alpha-2 */
  country: string;
}

/** Who the check is for at the providers, and where a provider that keeps records of its own writes them. */
export interface CheckContext {
  /** our reference for the customer at the providers (`kyc_user_reference`) */
  customerReference: string;
  /** the caller's transaction (the automatic checks hold the customer's lock) */
  trx: Db;
}

/**
 * The provider's refusal to check (SPEC §8): `InvalidInformation` when a
 * detail is not one it can check (the customer corrects it and it is asked
 * again); `CantProceedWithProvidedDetails` when it will not check these
 * details at all (the customer proves them with documents instead).
 */
export type TwoPlusTwoRefusal =
  | { refused: 'InvalidInformation'; detail: 'name' | 'date_of_birth' | 'street' | 'postcode' }
  | { refused: 'CantProceedWithProvidedDetails' };

/**
 * The "two-plus-two" database check (DESIGN §4): do two independent sources
 * confirm the person's name with their date of birth (identity) and with
 * their address (address)?
 */
export interface TwoPlusTwoProvider {
  /** Throws when the provider cannot be reached or gives no answer in time, so an outage is never a finding. */
  check(
    person: CheckedPerson,
    context: CheckContext,
  ): Promise<{ identity: boolean; address: boolean } | TwoPlusTwoRefusal>;
}
