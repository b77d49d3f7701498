import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../http/app-env.ts';
import { nextStepOf, type RemitterRow } from '../remitter/remitter-view.ts';
import type { Customer } from '../user/customers.ts';
import { moveVerification } from './verification-records.ts';

/** The details the automatic checks need, when the customer has given them all (SPEC §4). */
function checkableDetails(customer: Customer, remitter: RemitterRow | undefined) {
  const { first_name: firstName, last_name: lastName } = customer;
  if (!firstName || !lastName || !remitter?.street || !remitter.postcode || !remitter.date_of_birth) return undefined;
  // onboarding is finished first: leaving NotRegistered ends it (decisions.md "Onboarding answers")
  if (nextStepOf(customer, remitter) !== null) return undefined;
  return {
    firstName,
    lastName,
    dateOfBirth: remitter.date_of_birth,
    street: remitter.street,
    postcode: remitter.postcode,
    country: customer.country,
  };
}

/**
 * SPEC §4's automatic verification: once a NotRegistered customer whose
 * two-plus-two and watchlist results are both NotVerified has a name, date
 * of birth, street and postcode (and has answered every onboarding step), screen them against the watchlist and check
 * them against the two-plus-two database, and move their status by what was
 * found. Runs under the customer's verification lock, so it runs once; the
 * sandbox providers answer at once (a slow real one would go to the outbox).
 * Returns whether it ran.
 */
export async function runAutomaticChecks(
  deps: AppDeps,
  customer: Customer,
  remitter: RemitterRow | undefined,
): Promise<boolean> {
  if (customer.verification_status !== 'NotRegistered') return false;
  const details = checkableDetails(customer, remitter);
  if (!details) return false;
  const { watchlist, twoPlusTwo } = deps.providers;
  let ran = false;
  await deps.db.transaction().execute(async (trx) => {
    await moveVerification(trx, customer.id, deps.clock.now(), async ({ state, results }) => {
      if (state.database !== 'not_started' || results.twoPlusTwo !== 'NotVerified') return [];
      if (results.watchlist !== 'NotVerified') return [];
      ran = true;
      const screening = await watchlist.screen({
        fullName: `${details.firstName} ${details.lastName}`,
        dateOfBirth: details.dateOfBirth,
      });
      const database = await twoPlusTwo.check(details);
      return [
        {
          event: { type: 'checks_started' },
          actor: 'system:automatic-checks',
          reason: 'name, date of birth and address given',
        },
        {
          event: {
            type: 'database_checked',
            identity: database.identity,
            address: database.address,
            watchlistHit: screening.hit,
          },
          actor: 'provider:two-plus-two+watchlist',
          reason: [
            database.identity ? 'identity confirmed' : 'identity not confirmed',
            database.address ? 'address confirmed' : 'address not confirmed',
            screening.hit ? `watchlist hit ${screening.reference}: compliance review` : 'watchlist clear',
          ].join('; '),
          results: {
            twoPlusTwo: database.identity && database.address ? 'Verified' : 'Failed',
            watchlist: screening.hit ? 'Failed' : 'Verified',
          },
        },
      ];
    });
    if (ran) {
      await trx
        .updateTable('customers')
        .set({ kyc_user_reference: `kyc_${randomBytes(12).toString('hex')}` })
        .where('id', '=', customer.id)
        .where('kyc_user_reference', 'is', null)
        .execute();
    }
  });
  return ran;
}
