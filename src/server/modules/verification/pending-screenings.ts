import type { AppDeps } from '../../http/app-env.ts';
import { databaseChecked } from './automatic-checks.ts';
import { moveVerification } from './verification-records.ts';

/**
 * The automatic checks of a customer whose watchlist screening answers
 * later (`WATCHLIST=onfido`): once the provider has its verdict (its signed
 * webhook said so), the database check's kept findings and the verdict end
 * the checks in one move, under the customer's verification lock; the
 * pending row goes in the same transaction, so a verdict is taken once.
 * Nothing pending, or still pending: nothing changes.
 */
export async function collectScreening(deps: AppDeps, customerId: string): Promise<void> {
  const pending = await deps.db
    .selectFrom('pending_screenings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!pending) return;
  const verdict = await deps.providers.watchlist.verdict(pending.reference);
  if (!verdict) return;
  await deps.db.transaction().execute(async (trx) => {
    await moveVerification(trx, customerId, deps.clock.now(), async () => {
      const taken = await trx
        .deleteFrom('pending_screenings')
        .where('customer_id', '=', customerId)
        .where('reference', '=', pending.reference)
        .executeTakeFirst();
      if (taken.numDeletedRows === 0n) return [];
      return [databaseChecked(pending, { hit: verdict.hit, reference: pending.reference })];
    });
  });
}
