/**
 * The "two-plus-two" database check (DESIGN §4): do two independent sources
 * confirm the person's name with their date of birth (identity) and with
 * their address (address)?
 */
export interface TwoPlusTwoProvider {
  /** Throws when the provider cannot be reached. */
  check(person: {
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    street: string;
    postcode: string;
    country: string;
  }): Promise<{ identity: boolean; address: boolean }>;
}
