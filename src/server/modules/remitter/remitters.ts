import type { Db } from '../../db/connection.ts';
import type { RemitterRow } from './remitter-view.ts';

/** The customer's remitter record, if onboarding has created one. `db` may be a transaction. */
export function findRemitter(db: Db, customerId: string): Promise<RemitterRow | undefined> {
  return db.selectFrom('remitters').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}
