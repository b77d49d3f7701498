import { randomBytes } from 'node:crypto';
import type { Customer } from '../../customers/customers.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { CheckedPerson } from '../../providers/two-plus-two/two-plus-two-provider.ts';
import { nextStepOf, type RemitterRow } from '../remitter/remitter-view.ts';
import { type Move, moveVerification } from './verification-records.ts';
import { clearRefusal, detailsDigest, findRefusal, recordRefusal } from './verification-refusals.ts';

/** The details the automatic checks need, when the customer has given them all (SPEC §4). */
export function checkableDetails(customer: Customer, remitter: RemitterRow | undefined): CheckedPerson | undefined {
  const { first_name: firstName, last_name: lastName } = customer;
  if (!firstName || !lastName || !remitter?.street || !remitter.postcode || !remitter.date_of_birth) return undefined;
  // onboarding is finished first: leaving NotRegistered ends it (decisions.md "Onboarding answers")
  if (nextStepOf(customer, remitter) !== null) return undefined;
  return {
    firstName,
    lastName,
    dateOfBirth: remitter.date_of_birth,
    street: remitter.street,
    city: remitter.city,
    province: remitter.province,
    postcode: remitter.postcode,
    country: customer.country,
  };
}

const startMove: Move = {
  event: { type: 'checks_started' },
  actor: 'system:automatic-checks',
  reason: 'name, date of birth and address given',
};

/**
 * SPEC §4's automatic verification: once a NotRegistered customer whose
 * two-plus-two and watchlist results are both NotVerified has a name, date
 * of birth, street and postcode (and has answered every onboarding step), check
 * them against the two-plus-two database, screen them against the watchlist,
 * and move their status by what was found. Runs under the customer's
 * verification lock, so it runs once; the sandbox providers answer at once
 * (a slow real one would go to the outbox).
 *
 * A refusal of the details (SPEC §8, `verification-refusals.ts`) is kept:
 * InvalidInformation moves nothing, and the same details are not sent
 * again until the customer corrects them; CantProceedWithProvidedDetails
 * asks for an identity document and a proof of address instead.
 * Returns whether the checks ran to a decision.
 */
export async function runAutomaticChecks(
  deps: AppDeps,
  customer: Customer,
  remitter: RemitterRow | undefined,
): Promise<boolean> {
  if (customer.verification_status !== 'NotRegistered') return false;
  const details = checkableDetails(customer, remitter);
  if (!details) return false;
  const digest = detailsDigest(details);
  const refused = await findRefusal(deps.db, customer.id);
  if (refused?.type === 'InvalidInformation' && refused.details_digest === digest) return false;
  const { watchlist, twoPlusTwo } = deps.providers;
  const now = deps.clock.now();
  const customerReference = customer.kyc_user_reference ?? `kyc_${randomBytes(12).toString('hex')}`;
  let ran = false;
  await deps.db.transaction().execute(async (trx) => {
    await moveVerification(trx, customer.id, now, async ({ state, results }) => {
      if (state.database !== 'not_started' || results.twoPlusTwo !== 'NotVerified') return [];
      if (results.watchlist !== 'NotVerified') return [];
      const database = await reached(() => twoPlusTwo.check(details, { customerReference, trx }));
      if ('refused' in database) await recordRefusal(trx, customer.id, database, digest, now);
      else await clearRefusal(trx, customer.id);
      if ('refused' in database && database.refused === 'InvalidInformation') return [];
      ran = true;
      const screening = await reached(() => watchlist.screen({ ...details, customerReference }, trx));
      const found =
        'refused' in database
          ? { identity: false, address: false, said: 'details refused by the provider: documents asked for' }
          : {
              ...database,
              said: [
                database.identity ? 'identity confirmed' : 'identity not confirmed',
                database.address ? 'address confirmed' : 'address not confirmed',
              ].join('; '),
            };
      if ('pending' in screening) {
        // the screening answers by webhook: the database check's findings wait for it (`pending-screenings.ts`)
        await trx
          .insertInto('pending_screenings')
          .values({
            customer_id: customer.id,
            reference: screening.reference,
            identity: found.identity,
            address: found.address,
            said: found.said,
            started_at: now,
          })
          .execute();
        return [{ ...startMove, reason: `${startMove.reason}; watchlist screening ${screening.reference} under way` }];
      }
      return [startMove, databaseChecked(found, screening)];
    });
    if (ran) {
      await trx
        .updateTable('customers')
        .set({ kyc_user_reference: customerReference })
        .where('id', '=', customer.id)
        .where('kyc_user_reference', 'is', null)
        .execute();
    }
  });
  return ran;
}

/** A provider of the checks that cannot answer (down, timed out): 503, and nothing moved (the transaction rolls back). */
export class ChecksUnavailable extends ApiError {
  constructor(override readonly cause: unknown) {
    super('ServiceUnavailable', 'The identity checks cannot be reached right now. Try again in a few minutes.');
  }
}

/** A provider's answer; its failure (not one of ours in the envelope, not the database's) is `ChecksUnavailable`. */
async function reached<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ApiError || isDatabaseUnavailable(error)) throw error;
    throw new ChecksUnavailable(error);
  }
}

/** The database check's findings and the screening's verdict, as the one move that ends the automatic checks. */
export function databaseChecked(
  found: { identity: boolean; address: boolean; said: string },
  screening: { hit: boolean; reference: string },
): Move {
  return {
    event: { type: 'database_checked', identity: found.identity, address: found.address, watchlistHit: screening.hit },
    actor: 'provider:two-plus-two+watchlist',
    reason: `${found.said}; ${screening.hit ? `watchlist hit ${screening.reference}: compliance review` : 'watchlist clear'}`,
    results: {
      twoPlusTwo: found.identity && found.address ? 'Verified' : 'Failed',
      watchlist: screening.hit ? 'Failed' : 'Verified',
    },
  };
}
