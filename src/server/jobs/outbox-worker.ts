import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql, type Updateable } from 'kysely';
import { inBackground } from '../db/background-work.ts';
import type { Db } from '../db/connection.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxEventsTable } from '../db/tables/outbox.ts';
import type { AppDeps } from '../http/app-env.ts';
import type { Logger } from '../http/logger.ts';
import { LeaseKeeper } from './lease-keeper.ts';

export interface OutboxHandlerContext {
  deps: AppDeps;
  eventId: string;
  attempt: number;
  /**
   * `outbox:<event id>`, the same on every attempt: the key a handler gives
   * every provider it calls, so a run repeated after a crash repeats nothing
   * there.
   */
  idempotencyKey: string;
}

export type OutboxHandler = (payload: Record<string, unknown>, ctx: OutboxHandlerContext) => Promise<void>;

export interface OutboxWorkerOptions {
  /** pause between polls once nothing is due */
  pollMs?: number;
  /** handlers run at a time: events are claimed as slots free up */
  batchSize?: number;
  /** claims before an event is given up as dead */
  maxAttempts?: number;
  /** how long a claim holds unless renewed; past it another worker takes the event over */
  leaseMs?: number;
  /** how often, in real time, a running handler's lease is renewed; well under leaseMs */
  renewEveryMs?: number;
  workerId?: string;
  /**
   * Commit claims, lease renewals and outcomes without waiting for their WAL flush (`synchronous_commit = off`, for
   * PostgreSQL). Under load these bookkeeping commits were about a third of the waits for WAL flushes that customers'
   * commits queue behind. A database crash can lose the last fraction of a second of them: an event then runs again
   * (handlers run at least once) or an attempt goes uncounted; a handler's own commit, synchronous, flushes every
   * bookkeeping write before it. Not for PGlite: the database lives in the server's process, and a process killed
   * before the flush would lose a finished event's outcome and run it again.
   */
  asyncBookkeeping?: boolean;
}

interface ClaimedEvent {
  id: string;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const SECOND = 1000;
/**
 * Short, so the events of a worker that died (SIGKILL, lost host) are taken
 * over within seconds; a live worker renews it every second while its handler
 * runs, so only a worker that missed two renewals in a row loses its events
 * (and then records no outcome for them: the fencing in `stillOurs`).
 */
export const DEFAULT_LEASE_MS = 3 * SECOND;
const BACKOFF_CAP_MS = 10 * 60 * SECOND;
const LAST_ERROR_MAX = 2000;

/**
 * Every claim in the database given up: for a database only one process can
 * open (PGlite), whose claims at start were all made by a process now gone.
 */
export async function releaseAbandonedClaims(db: Db): Promise<number> {
  const result = await db
    .updateTable('outbox_events')
    .set({ locked_by: null, locked_until: null })
    .where('status', '=', 'pending')
    .where('locked_by', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Delay before the next try after `attempt` failed: 2^attempt seconds, capped
 * at 10 minutes, with the upper half jittered so retries of many events
 * failing together spread out.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(2 ** attempt * SECOND, BACKOFF_CAP_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Carries out outbox events. Any number of workers, in any number of
 * processes, share one database: each claims events with
 * `FOR UPDATE SKIP LOCKED` and a short lease, then runs the handlers outside
 * the claim, renewing the lease while each runs, so no event runs twice while
 * its worker lives and a dead worker's events are taken over once the lease
 * runs out. Every lease time comes from `deps.clock`; renewals are paced in
 * real time.
 */
export class OutboxWorker {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly workerId: string;
  private readonly asyncBookkeeping: boolean;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly handlers: Record<string, OutboxHandler>,
    options: OutboxWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? SECOND;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewEveryMs = options.renewEveryMs ?? this.leaseMs / 3;
    if (!(this.renewEveryMs > 0 && this.renewEveryMs < this.leaseMs)) {
      throw new Error('the outbox lease must be renewed more often than it lasts');
    }
    this.workerId = options.workerId ?? `worker_${randomUUID()}`;
    this.asyncBookkeeping = options.asyncBookkeeping ?? false;
  }

  /** One bookkeeping write, in a transaction of its own that does not wait for its flush when `asyncBookkeeping`. */
  private bookkeeping<T>(write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (!this.asyncBookkeeping) return write(this.deps.db);
    return this.deps.db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return write(trx);
    });
  }

  /** Poll in the background until `stop()`. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.poll();
  }

  /**
   * Claim nothing more, let the running handlers finish. With `releaseAfterMs`,
   * handlers still running then have their claims given up, so another worker
   * takes those events at once rather than when their lease runs out; their
   * handlers' outcomes are then not recorded here (the process is about to exit).
   */
  async stop(options: { releaseAfterMs?: number } = {}): Promise<void> {
    this.stopping = true;
    this.wake?.();
    const loop = this.loop;
    if (!loop) return;
    if (options.releaseAfterMs === undefined) {
      await loop;
    } else {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.releaseAfterMs);
      });
      const outcome = await Promise.race([loop.then(() => 'done' as const), late]);
      clearTimeout(timer);
      if (outcome === 'late') await this.releaseClaims();
    }
    this.loop = undefined;
  }

  /** Give up every claim this worker holds; returns how many (0 when the database cannot be reached: the leases run out). */
  async releaseClaims(): Promise<number> {
    const result = await this.deps.db
      .updateTable('outbox_events')
      .set({ locked_by: null, locked_until: null })
      .where('locked_by', '=', this.workerId)
      .where('status', '=', 'pending')
      .executeTakeFirst()
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error, workerId: this.workerId }, 'outbox claims not released at stop');
        return { numUpdatedRows: 0n };
      });
    const released = Number(result.numUpdatedRows);
    if (released > 0) this.deps.logger.warn({ workerId: this.workerId, released }, 'outbox claims released at stop');
    return released;
  }

  /** Run every event due now until none is left; returns how many handler runs there were. */
  drain(): Promise<number> {
    return this.runDue(() => false);
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      try {
        await inBackground(() => this.runDue(() => this.stopping));
      } catch (error) {
        // the database away is a warning (it says so once per poll, and /readyz says it too); anything else an error
        const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
        this.deps.logger[level]({ err: error, workerId: this.workerId }, 'outbox poll failed');
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /**
   * Keeps up to `batchSize` handlers running: a slot that frees is filled by
   * the next claim at once, so one slow handler (a provider taking seconds)
   * holds up no other event. Ends when nothing is running and a claim found
   * fewer events than it asked for (or a stop was asked).
   */
  private async runDue(shouldStop: () => boolean): Promise<number> {
    let ran = 0;
    let failure: { error: unknown } | undefined;
    const running = new Set<Promise<void>>();
    let mayBeMore = true;
    for (;;) {
      const free = this.batchSize - running.size;
      if (mayBeMore && free > 0 && !failure && !shouldStop()) {
        const claimed = await this.claim(free).catch((error: unknown) => {
          failure ??= { error };
          return [];
        });
        mayBeMore = claimed.length === free;
        for (const event of claimed) {
          const run: Promise<void> = this.process(event)
            .then((handled) => {
              if (handled) ran += 1;
            })
            .catch((error: unknown) => {
              failure ??= { error };
            })
            .finally(() => running.delete(run));
          running.add(run);
        }
      }
      if (running.size === 0) break;
      await Promise.race(running);
      // a slot is free: what is due now may not have been claimed yet
      mayBeMore = true;
    }
    if (failure) throw failure.error;
    return ran;
  }

  /** One statement, so one short transaction: lock what is due and free, lease it, count the attempt. */
  private async claim(limit: number): Promise<ClaimedEvent[]> {
    const now = this.deps.clock.now();
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    return this.bookkeeping((db) =>
      db
        .updateTable('outbox_events')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          locked_by: this.workerId,
          locked_until: leaseUntil,
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('outbox_events')
            .select('id')
            .where('status', '=', 'pending')
            .where('available_at', '<=', now)
            .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]))
            .orderBy('available_at')
            .orderBy('id')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'topic', 'payload', 'attempts'])
        .execute(),
    );
  }

  /** Returns whether a handler ran. A handler's failure is recorded on the event, not thrown. */
  private async process(event: ClaimedEvent): Promise<boolean> {
    const log = this.deps.logger.child({ eventId: event.id, topic: event.topic, attempt: event.attempts });
    if (event.attempts > this.maxAttempts) {
      // The last attempt's worker died holding the lease: do not run it again.
      await this.settle(event, log, this.finished('dead', 'the last attempt did not finish before its lease expired'));
      log.error('outbox event dead: its last attempt was abandoned');
      return false;
    }
    const outcome = await this.runHandler(event, log);
    if (outcome.failed) {
      await this.recordFailure(event, outcome.error, log);
      return true;
    }
    // Done keeps the error of an earlier failed attempt, if any, but not the
    // payload: it may hold secrets (a sign-up code in a message body), and the
    // business tables, not the outbox, are the record of what happened.
    await this.settle(event, log, { ...this.finished('done'), payload: '{}' });
    return true;
  }

  /** Runs the event's handler, renewing its lease until the handler ends. */
  private async runHandler(event: ClaimedEvent, log: Logger): Promise<{ failed: boolean; error?: unknown }> {
    const lease = new LeaseKeeper(() => this.renew(event, log), this.renewEveryMs);
    try {
      const handler = this.handlers[event.topic];
      if (!handler) throw new Error(`no handler for topic ${event.topic}`);
      const run = () =>
        handler(event.payload, {
          deps: this.deps,
          eventId: event.id,
          attempt: event.attempts,
          idempotencyKey: `outbox:${event.id}`,
        });
      const { tracing } = this.deps;
      await (tracing ? tracing.runJob(`outbox ${event.topic}`, run) : run());
      return { failed: false };
    } catch (error) {
      return { failed: true, error };
    } finally {
      await lease.stop();
    }
  }

  private async recordFailure(event: ClaimedEvent, error: unknown, log: Logger): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
    if (event.attempts >= this.maxAttempts) {
      await this.settle(event, log, this.finished('dead', message));
      log.error({ err: error }, 'outbox event dead after its last attempt');
      return;
    }
    const retryAt = new Date(this.deps.clock.now().getTime() + retryDelayMs(event.attempts));
    await this.settle(event, log, { available_at: retryAt, locked_by: null, locked_until: null, last_error: message });
    log.warn({ err: error, retryAt }, 'outbox event failed; will retry');
  }

  private finished(status: 'done' | 'dead', lastError?: string): Updateable<OutboxEventsTable> {
    return {
      status,
      processed_at: this.deps.clock.now(),
      locked_by: null,
      locked_until: null,
      ...(lastError === undefined ? {} : { last_error: lastError }),
    };
  }

  /**
   * Push the lease out from now, while our claim still stands (same fencing
   * as settle). False once another worker has taken the event over: the
   * handler cannot be stopped, but its outcome will not be recorded.
   */
  private async renew(event: ClaimedEvent, log: Logger): Promise<boolean> {
    try {
      const result = await this.bookkeeping((db) =>
        db
          .updateTable('outbox_events')
          .set({ locked_until: new Date(this.deps.clock.now().getTime() + this.leaseMs) })
          .where(this.stillOurs(event))
          .executeTakeFirst(),
      );
      if (result.numUpdatedRows > 0n) return true;
      log.warn('outbox event was taken over while its handler ran; its lease is no longer renewed');
      return false;
    } catch (error) {
      // A missed renewal is not fatal: the lease holds until its time, and the next renewal may succeed.
      log.warn({ err: error }, 'outbox lease renewal failed');
      return true;
    }
  }

  /**
   * Record the outcome only while our claim still stands, i.e. no other
   * worker took the event over after the lease ran out. The attempt count is
   * the fencing token; the worker id guards against two workers given one id.
   */
  private async settle(event: ClaimedEvent, log: Logger, changes: Updateable<OutboxEventsTable>): Promise<void> {
    const result = await this.bookkeeping((db) =>
      db.updateTable('outbox_events').set(changes).where(this.stillOurs(event)).executeTakeFirst(),
    );
    if (result.numUpdatedRows === 0n) {
      log.warn('outbox event was taken over after its lease expired; this outcome is not recorded');
    }
  }

  /** The event, while this worker's claim (its attempt and worker id) still holds it. */
  private stillOurs(event: ClaimedEvent) {
    return (eb: ExpressionBuilder<Database, 'outbox_events'>) =>
      eb.and([
        eb('id', '=', event.id),
        eb('status', '=', 'pending'),
        eb('attempts', '=', event.attempts),
        eb('locked_by', '=', this.workerId),
      ]);
  }
}
