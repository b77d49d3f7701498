import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { SessionCache } from './session-cache.ts';

/** A new opaque session token: 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const MINUTE = 60_000;

export async function createSession(
  db: Db,
  config: Config,
  clock: Clock,
  customerId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const idle = new Date(now.getTime() + config.sessionIdleMinutes * MINUTE);
  const absolute = new Date(now.getTime() + config.sessionAbsoluteHours * 60 * MINUTE);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      customer_id: customerId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: idle,
      absolute_expires_at: absolute,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt: idle };
}

/** A session that is still live, with what most calls need of its customer. */
export interface LiveSession {
  customerId: string;
  tokenHash: string;
  /** the customer's country of residence (ISO alpha-2) */
  country: string;
  /** false for a blocked or disabled customer */
  active: boolean;
}

/** Sliding the idle expiry is a write; do it at most once a minute per session. */
export const TOUCH_INTERVAL_MS = MINUTE;

/**
 * The live session a token names, sliding its idle expiry; undefined when the
 * token is unknown, revoked, idle too long, or past its absolute expiry.
 * A session active in the last minute comes from `cache` (no query); other
 * calls are a single indexed read (with the customer's country and status
 * joined in), and the expiry moves only when the last recorded activity is
 * more than a minute old.
 */
export async function touchSession(
  db: Db,
  config: Config,
  clock: Clock,
  token: string,
  cache?: SessionCache,
): Promise<LiveSession | undefined> {
  const tokenHash = hashToken(token);
  const now = clock.now();
  const kept = cache?.read(tokenHash, now);
  if (kept) return kept;
  const ticket = cache?.ticket() ?? 0;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select([
      'sessions.customer_id',
      'sessions.last_seen_at',
      'sessions.idle_expires_at',
      'sessions.absolute_expires_at',
      'customers.country',
      'customers.status',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.idle_expires_at', '>', now)
    .where('sessions.absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  let lastSeenAt = row.last_seen_at;
  let idleExpiresAt = row.idle_expires_at;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    lastSeenAt = now;
    idleExpiresAt = new Date(now.getTime() + config.sessionIdleMinutes * MINUTE);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, idle_expires_at: idleExpiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  const session = { customerId: row.customer_id, tokenHash, country: row.country, active: row.status === 'active' };
  cache?.keep(tokenHash, ticket, { session, lastSeenAt, idleExpiresAt, absoluteExpiresAt: row.absolute_expires_at });
  return session;
}

export async function revokeSession(db: Db, clock: Clock, tokenHash: string): Promise<void> {
  SessionCache.forgetSession(tokenHash);
  await db.updateTable('sessions').set({ revoked_at: clock.now() }).where('token_hash', '=', tokenHash).execute();
}

/** End every live session of a customer but `keepTokenHash` (the caller's own, when it stays). */
export async function revokeCustomerSessions(
  db: Db,
  clock: Clock,
  customerId: string,
  keepTokenHash?: string,
): Promise<void> {
  SessionCache.forgetCustomer(customerId);
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  await query.execute();
}
