import type { Updateable } from 'kysely';
import type {
  AddressInput,
  RemitterCreateRequest,
  RemitterDetails,
  RemitterUpdateRequest,
} from '../../../domain/contract/remitter.ts';
import { USA_STATES } from '../../../domain/countries.ts';
import { isoBirthDateRule, ssnLastFour } from '../../../domain/remitter.ts';
import { utcCalendarDate } from '../../../domain/rules.ts';
import { type Customer, findCustomer } from '../../customers/customers.ts';
import type { Db } from '../../db/connection.ts';
import type { RemittersTable } from '../../db/tables/remitters.ts';
import type { CustomersTable } from '../../db/tables/user.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { provinceRefusal } from './address-lookup.ts';
import { remitterDetailsView } from './remitter-view.ts';
import { findRemitter } from './remitters.ts';

const invalid = (field: string, message: string) => new ApiError('ValidationFailed', message, field);

async function customerOf(db: Db, customerId: string): Promise<Customer> {
  const customer = await findCustomer(db, customerId);
  if (!customer) throw notFound('Customer');
  return customer;
}

/** What the customer has saved so far, and the step that asks for the rest. */
export async function remitterDetails(deps: AppDeps, customerId: string): Promise<RemitterDetails> {
  const customer = await customerOf(deps.db, customerId);
  return remitterDetailsView(customer, await findRemitter(deps.db, customerId));
}

/** The name step starts the record. A second start → 409 AccountAlreadyExists, nothing written. */
export async function createRemitter(
  deps: AppDeps,
  customerId: string,
  input: RemitterCreateRequest,
): Promise<RemitterDetails> {
  const { db, clock } = deps;
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('remitters')
        .values({ customer_id: customerId, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      const customer = await trx
        .updateTable('customers')
        .set({ first_name: input.first_name, last_name: input.surname })
        .where('id', '=', customerId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return remitterDetailsView(customer, row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError('AccountAlreadyExists', 'Your details are started already: update them instead.');
  }
}

/** The US-only answers: a state Sarraf serves and a Social Security number, from US residents only. */
function checkUsaAnswers(customer: Customer, input: RemitterUpdateRequest): void {
  for (const field of ['usa_state', 'ssn'] as const) {
    if (input[field] !== undefined && customer.country !== 'US') {
      throw invalid(field, 'Only customers resident in the United States give this.');
    }
  }
  if (input.usa_state === undefined) return;
  const state = USA_STATES.find((s) => s.code === input.usa_state);
  if (!state) throw invalid('usa_state', 'Choose a state from the list.');
  if (!state.isActive) {
    throw new ApiError('InvalidInformation', `Sarraf does not serve customers in ${state.name} yet.`, 'usa_state');
  }
}

/** Every answer's own check, before anything is written; the first failure names its field. */
async function checkUpdate(deps: AppDeps, customer: Customer, input: RemitterUpdateRequest): Promise<void> {
  if (Object.values(input).every((value) => value === undefined)) {
    throw new ApiError('ValidationFailed', 'Give at least one of your details.');
  }
  if (input.date_of_birth !== undefined) {
    const verdict = isoBirthDateRule(input.date_of_birth, utcCalendarDate(deps.clock.now()));
    if (verdict !== true) throw invalid('date_of_birth', verdict);
  }
  if (input.address !== undefined) {
    const refusal = await provinceRefusal(deps, customer.country, input.address.province);
    if (refusal) throw invalid('address.province', refusal);
  }
  checkUsaAnswers(customer, input);
}

function remitterChanges(input: RemitterUpdateRequest, now: Date): Updateable<RemittersTable> {
  const address: Partial<AddressInput> = input.address ?? {};
  const changes: Updateable<RemittersTable> = {
    nationality: input.nationality,
    date_of_birth: input.date_of_birth,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    province: address.province,
    occupation: input.occupation,
    reason_of_usage: input.reason_of_usage,
    purpose_of_account: input.purpose_of_account,
    ssn_last4: input.ssn === undefined ? undefined : ssnLastFour(input.ssn),
    updated_at: now,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

function customerChanges(input: RemitterUpdateRequest): Updateable<CustomersTable> {
  const changes: Updateable<CustomersTable> = {
    first_name: input.first_name,
    last_name: input.surname,
    usa_state: input.usa_state,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * Save the answers of one or more steps. Needs the record the name step
 * created (404 NotFound before it). Only the last four digits of an SSN are kept.
 */
export async function updateRemitter(
  deps: AppDeps,
  customerId: string,
  input: RemitterUpdateRequest,
): Promise<RemitterDetails> {
  const { db, clock } = deps;
  await checkUpdate(deps, await customerOf(db, customerId), input);
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('remitters')
      .select('customer_id')
      .where('customer_id', '=', customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound('Remitter');
    const row = await trx
      .updateTable('remitters')
      .set(remitterChanges(input, clock.now()))
      .where('customer_id', '=', customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const names = customerChanges(input);
    const customer =
      Object.keys(names).length === 0
        ? await customerOf(trx, customerId)
        : await trx
            .updateTable('customers')
            .set(names)
            .where('id', '=', customerId)
            .returningAll()
            .executeTakeFirstOrThrow();
    return remitterDetailsView(customer, row);
  });
}
