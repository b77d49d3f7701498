import { randomUUID } from 'node:crypto';
import type { LaunchInterestRequest, LaunchInterestSaved } from '../../../domain/contract/user.ts';
import { isSourceCountry } from '../../../domain/countries.ts';
import { SOURCE_LOCALE } from '../../../domain/locales.ts';
import { emailKey } from '../../../domain/rules.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueueMessage } from '../../jobs/message-send-handler.ts';
import { launchInterestEmail } from './launch-interest-email.ts';

/**
 * Keep the request of someone whose country Sarraf does not serve yet, and
 * e-mail them a confirmation (through the outbox, in the same transaction).
 * The same e-mail and country again updates the request. Both limits count
 * before anything is written: a confirmation e-mail to any address is
 * something a stranger could otherwise repeat without end.
 */
export async function registerLaunchInterest(
  deps: AppDeps,
  input: LaunchInterestRequest,
  clientAddress: string,
): Promise<LaunchInterestSaved> {
  const { db, clock } = deps;
  if (isSourceCountry(input.country))
    throw new ApiError('InvalidCountry', 'Sarraf already serves this country: register instead', 'country');
  const now = clock.now();
  const key = emailKey(input.email);
  await takeHits(db, now, [
    [ABUSE_LIMITS.launchInterestPerAddress, clientAddress],
    [ABUSE_LIMITS.launchInterestPerEmail, key],
  ]);
  const locale = input.locale ?? SOURCE_LOCALE;
  const fullName = input.full_name ?? null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('launch_interest')
      .values({
        id: randomUUID(),
        email: input.email,
        email_key: key,
        country: input.country,
        full_name: fullName,
        locale,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['email_key', 'country']).doUpdateSet({
          email: input.email,
          full_name: fullName,
          locale,
          updated_at: now,
        }),
      )
      .execute();
    await enqueueMessage(trx, launchInterestEmail(input.email, input.country, fullName, locale), clock);
  });
  return { country: input.country, email: input.email };
}
