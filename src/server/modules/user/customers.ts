import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { emailKey } from '../../../domain/rules.ts';
import type { Db } from '../../db/connection.ts';
import type { CustomersTable } from '../../db/tables/user.ts';

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
}

/**
 * A customer who has proved their e-mail or mobile number and still has
 * onboarding ahead (verification status NotRegistered). Throws a unique
 * violation when the address or number is taken.
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
