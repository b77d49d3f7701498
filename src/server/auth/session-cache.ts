import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../db/connection.ts';
import type { Logger } from '../http/logger.ts';
import type { LiveSession } from './sessions.ts';

/** Where migration 0061's triggers announce every change that ends a session or changes what it may do. */
const CHANNEL = 'session_change';
/** A server this busy with sessions keeps the most recent ones. */
const MAX_ENTRIES = 50_000;
/**
 * Listening again after the connection failed: the first try at once after
 * this, each next one twice as late up to the cap, with jitter so the
 * replicas of one deployment do not knock together. The cap keeps the
 * cache (and `/readyz`) back within seconds of the database's return.
 */
const RELISTEN_FIRST_MS = 200;
const RELISTEN_CAP_MS = 2_000;

export function relistenDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RELISTEN_FIRST_MS * 2 ** failures, RELISTEN_CAP_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
/** How long `settled()` waits for its own message before it empties the cache instead. */
const SETTLE_TIMEOUT_MS = 5_000;

interface Entry {
  session: LiveSession;
  lastSeenAt: number;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

/** A session as its row says, for the cache to keep. */
export interface SessionRead {
  session: LiveSession;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Every cache of this process, so a revocation made here reaches each at once, before its message does. */
const caches = new Set<SessionCache>();

/**
 * The live sessions this server has read, so a signed-in call costs no
 * query while its session was active in the last `freshMs` by the app's
 * clock (the same minute in which reading it would not slide its idle
 * expiry either, so no write is skipped). Correct across servers because
 * every change that ends a session, or blocks or moves its customer, is
 * announced by the database itself when it commits (migration 0061, whether
 * the app or a person made it) and each server's cache drops what it names;
 * a revocation made in this process drops it here at once too. While the
 * listening connection is down, nothing is served from memory.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #db: Db;
  readonly #freshMs: number;
  readonly #waiting = new Map<string, () => void>();
  #listening = false;
  /** moves on with every session dropped, so a read that a drop overtook is not kept (`ticket`) */
  #generation = 0;
  #stop: (() => Promise<void>) | undefined;
  #closed = false;

  private constructor(db: Db, freshMs: number) {
    this.#db = db;
    this.#freshMs = freshMs;
  }

  /** A cache that serves once the database's announcements are heard, and listens again when that connection fails. */
  static async watch(database: DatabaseHandle, logger: Logger, freshMs: number): Promise<SessionCache> {
    const cache = new SessionCache(database.db, freshMs);
    caches.add(cache);
    let failures = 0;
    const retry = () => {
      if (!cache.#closed) setTimeout(() => void listen(), relistenDelayMs(failures++)).unref();
    };
    const lost = () => {
      cache.#listening = false;
      cache.#clear();
      if (cache.#closed) return;
      logger.warn('session cache: lost the session-change listener; sessions are read each call until it is back');
      retry();
    };
    const listen = async (): Promise<void> => {
      try {
        cache.#stop = await database.listen(CHANNEL, (payload) => cache.#heard(payload), lost);
        if (cache.#closed) {
          await cache.#stop();
          return;
        }
        cache.#listening = true;
        if (failures > 0) logger.info({ tries: failures }, 'session cache: listening for session changes again');
        failures = 0;
      } catch (error) {
        if (failures === 0) {
          logger.warn({ err: error }, 'session cache: cannot listen for session changes; sessions are read each call');
        }
        retry();
      }
    };
    await listen();
    return cache;
  }

  /** Whether the database's announcements are heard (and so whether anything is served from memory). */
  get listening(): boolean {
    return this.#listening;
  }

  /** The session a token hash names, if it is kept, within its expiries and active in the last `freshMs`. */
  read(tokenHash: string, now: Date): LiveSession | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const at = now.getTime();
    if (at - entry.lastSeenAt >= this.#freshMs || at >= entry.idleExpiresAt || at >= entry.absoluteExpiresAt) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /**
   * Taken before a session is read from the database, and given back to
   * `keep`: a revocation heard while the read was under way (its message may
   * arrive before the read's answer does) means the answer may be stale, and
   * it is not kept.
   */
  ticket(): number {
    return this.#generation;
  }

  keep(tokenHash: string, ticket: number, read: SessionRead): void {
    if (!this.#listening || ticket !== this.#generation) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, {
      session: read.session,
      lastSeenAt: read.lastSeenAt.getTime(),
      idleExpiresAt: read.idleExpiresAt.getTime(),
      absoluteExpiresAt: read.absoluteExpiresAt.getTime(),
    });
  }

  /**
   * Resolves once every change committed before the call has been heard (a
   * listener hears messages in commit order): for a change made straight in
   * the database rather than by the app, whose own revocations apply here at
   * once.
   */
  async settled(): Promise<void> {
    if (!this.#listening) return;
    const marker = `settle:${randomUUID()}`;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(marker);
        this.#clear();
        resolve();
      }, SETTLE_TIMEOUT_MS);
      this.#waiting.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await sql`select pg_notify(${CHANNEL}, ${marker})`.execute(this.#db);
    await heard;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    caches.delete(this);
    this.#clear();
    await this.#stop?.();
  }

  #heard(payload: string): void {
    const waiter = this.#waiting.get(payload);
    if (waiter) {
      this.#waiting.delete(payload);
      waiter();
    } else if (payload.startsWith('s:')) this.#forgetSession(payload.slice(2));
    else if (payload.startsWith('c:')) this.#forgetCustomer(payload.slice(2));
    else this.#clear();
  }

  #clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  #forgetSession(tokenHash: string): void {
    this.#generation++;
    this.#entries.delete(tokenHash);
  }

  #forgetCustomer(customerId: string): void {
    this.#generation++;
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.session.customerId === customerId) this.#entries.delete(tokenHash);
    }
  }

  /** A session this process revoked: no cache of the process serves it, even before the database's message arrives. */
  static forgetSession(tokenHash: string): void {
    for (const cache of caches) cache.#forgetSession(tokenHash);
  }

  /** A customer whose sessions this process revoked. */
  static forgetCustomer(customerId: string): void {
    for (const cache of caches) cache.#forgetCustomer(customerId);
  }
}
