import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { findSourceCountry } from '../../domain/countries.ts';
import type { Locale } from '../../domain/locales.ts';
import { emailKey } from '../../domain/rules.ts';
import type { Db } from '../db/connection.ts';
import type { CustomersTable } from '../db/tables/user.ts';

export type Customer = Selectable<CustomersTable>;

/** The customer with this e-mail address, in any letter case. */
export function findCustomerByEmail(db: Db, email: string): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', emailKey(email))
    .executeTakeFirst();
}

/** The customer with this mobile number (E.164). */
export function findCustomerByMobile(db: Db, mobile: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export function findCustomer(db: Db, customerId: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

export interface NewCustomer {
  email: string | null;
  mobile: string | null;
  passwordHash: string;
  country: string;
  locale: string;
  emailVerifiedAt: Date | null;
  mobileVerifiedAt: Date | null;
  createdAt: Date;
  /** the personal identity number a bank ID confirmed at `createdAt` */
  personalIdentityNumber?: string;
  /** the agent who signed the customer up */
  agentId: string | null;
}

/**
 * A customer who has proved their e-mail, mobile number or bank ID and
 * still has onboarding ahead (verification status NotRegistered). Throws a
 * unique violation when the address or number is taken.
 */
export function insertCustomer(db: Db, customer: NewCustomer): Promise<Customer> {
  return db
    .insertInto('customers')
    .values({
      id: `cus_${randomUUID()}`,
      email: customer.email,
      mobile: customer.mobile,
      password_hash: customer.passwordHash,
      first_name: null,
      last_name: null,
      country: customer.country,
      usa_state: null,
      verification_status: 'NotRegistered',
      email_verified_at: customer.emailVerifiedAt,
      mobile_verified_at: customer.mobileVerifiedAt,
      locale: customer.locale,
      created_at: customer.createdAt,
      personal_identity_number: customer.personalIdentityNumber ?? null,
      personal_identity_number_verified_at: customer.personalIdentityNumber ? customer.createdAt : null,
      agent_id: customer.agentId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The customer of a country with this bank-ID personal identity number, if any. */
export function findCustomerByPersonalNumber(
  db: Db,
  country: string,
  personalIdentityNumber: string,
): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('country', '=', country)
    .where('personal_identity_number', '=', personalIdentityNumber)
    .executeTakeFirst();
}

/** The new customer accepted their country's terms and privacy policy (by their links) at these times. */
export async function recordConsents(
  db: Db,
  customerId: string,
  country: string,
  accepted: { terms: Date; privacy: Date },
): Promise<void> {
  const source = findSourceCountry(country);
  if (!source) throw new Error(`customer ${customerId} registered in ${country}, not a source country`);
  await db
    .insertInto('customer_consents')
    .values([
      {
        customer_id: customerId,
        document: 'terms_and_conditions',
        document_url: source.termsAndConditions,
        accepted_at: accepted.terms,
      },
      {
        customer_id: customerId,
        document: 'privacy_policy',
        document_url: source.privacyPolicy,
        accepted_at: accepted.privacy,
      },
    ])
    .execute();
}

/** Keep the customer's interface language, which their e-mails, texts and pushes use from then on. */
export async function saveLocale(db: Db, customerId: string, locale: Locale): Promise<{ locale: Locale }> {
  await db.updateTable('customers').set({ locale }).where('id', '=', customerId).execute();
  return { locale };
}
