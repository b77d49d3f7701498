/** The details a database check is asked about. */
export interface CheckedPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  street: string;
  postcode: string;
  country: string;
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
  /** Throws when the provider cannot be reached. */
  check(person: CheckedPerson): Promise<{ identity: boolean; address: boolean } | TwoPlusTwoRefusal>;
}
