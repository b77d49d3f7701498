import { type Kysely, sql } from 'kysely';

/**
 * Every change that can end a session, or change what a signed-in call is
 * allowed, is announced on `session_change` when it commits, however it was
 * made (by the app, or by hand in the database), for every server's session
 * cache (`auth/session-cache.ts`) to hear: a session revoked, deleted
 * or cut short (`s:<token hash>`), a customer blocked or moved to another
 * country (`c:<customer id>`). Each cache drops what a message names.
 * Sliding a session's idle expiry forward is not announced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function announce_session_change() returns trigger language plpgsql as $$
    begin
      if TG_TABLE_NAME = 'sessions' then
        perform pg_notify('session_change', 's:' || OLD.token_hash);
      else
        perform pg_notify('session_change', 'c:' || OLD.id);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger sessions_ended after update on sessions for each row
    when (
      OLD.revoked_at is distinct from NEW.revoked_at
      or NEW.idle_expires_at < OLD.idle_expires_at
      or NEW.absolute_expires_at is distinct from OLD.absolute_expires_at
      or NEW.customer_id is distinct from OLD.customer_id
      or NEW.token_hash is distinct from OLD.token_hash
    )
    execute function announce_session_change()
  `.execute(db);
  await sql`
    create trigger sessions_deleted after delete on sessions for each row
    execute function announce_session_change()
  `.execute(db);
  await sql`
    create trigger customers_session_fields_changed after update on customers for each row
    when (OLD.status is distinct from NEW.status or OLD.country is distinct from NEW.country)
    execute function announce_session_change()
  `.execute(db);
  await sql`
    create trigger customers_deleted after delete on customers for each row
    execute function announce_session_change()
  `.execute(db);
}
