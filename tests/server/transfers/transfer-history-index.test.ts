import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { transferDetailsQuery } from '../../../src/server/modules/transfers/transfer-view.ts';
import { createTestDatabase, DATABASE_KINDS } from '../../support/databases.ts';

/**
 * A transfer's history is read every time the transfer is shown or answered.
 * Read by a scan, its cost grows with every transfer anyone ever made: under
 * the bench's mixed load PostgreSQL's CPU doubled within a minute. The plan is
 * asked with sequential scans priced out, so the test holds on a table of any
 * size: only an index whose condition is the transfer can serve it. The
 * history is read inside the details' one statement, beside the transfer's
 * quote, recipient and payment, so that statement's plan is the one asked:
 * none of its parts may scan a table, nor sort.
 */
describe.each(DATABASE_KINDS)('a transfer’s history on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('is read through an index on the transfer, in its order, not by a scan of every transfer’s', async () => {
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await transferDetailsQuery(trx, 'tr_any').explain();
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    expect(plan).toMatch(/Index Cond: \(transfer_id = t\.id\)/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });
});
