import { type Kysely, sql } from 'kysely';

/** Bank ID through an OpenID Connect broker: each authorization's state, nonce and code verifier, and its end. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_bank_id_orders')
    .addColumn('order_ref', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull().unique())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'complete', 'cancelled', 'failed')`),
    )
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('failure_url', 'text', (c) => c.notNull())
    .addColumn('personal_identity_number', 'text')
    .addColumn('given_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
}
