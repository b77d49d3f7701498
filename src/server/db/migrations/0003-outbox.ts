import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addCheckConstraint('outbox_events_status_check', sql`status in ('pending', 'done', 'dead')`)
    .execute();
  // Only pending events are ever claimed; done and dead ones stay out of the index.
  await db.schema
    .createIndex('outbox_events_due_idx')
    .on('outbox_events')
    .columns(['available_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // The sandbox messaging provider's record of what it sent (DESIGN §4).
  await db.schema
    .createTable('sandbox_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sandbox_messages_recipient_idx on sandbox_messages (lower(recipient), created_at desc)`.execute(
    db,
  );
}
