import { sql } from 'kysely';
import type { SessionCache } from './auth/session-cache.ts';
import type { Db } from './db/connection.ts';
import { migrations } from './db/migrations/index.ts';

/** How long `/readyz` waits for the database's answer before it says the database is not answering. */
export const READINESS_DEADLINE_MS = 1_000;

/** The newest migration this build knows: the database is at head when it has run it (they run in order). */
const HEAD_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';

export interface ReadinessReport {
  ready: boolean;
  /** what is not ready, in words an operator reads; no personal data */
  problems: string[];
}

/**
 * Whether this server should be sent calls: the database answers within a
 * deadline and has every migration this build needs, the session-change
 * listener is up (PostgreSQL), and no shutdown has begun. One check runs at a
 * time; probes arriving meanwhile share its answer, so a load balancer's
 * probes cost one small query each, never a queue of them.
 */
export class Readiness {
  #draining = false;
  #check: Promise<ReadinessReport> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionCache | undefined,
    private readonly deadlineMs = READINESS_DEADLINE_MS,
  ) {}

  /** A graceful shutdown has begun: not ready from now on, whatever the database says. */
  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  check(): Promise<ReadinessReport> {
    this.#check ??= this.#run().finally(() => {
      this.#check = undefined;
    });
    return this.#check;
  }

  async #run(): Promise<ReadinessReport> {
    // shutting down says all: no query needed
    if (this.#draining) return { ready: false, problems: ['shutting down'] };
    const problems: string[] = [];
    if (this.sessions && !this.sessions.listening) problems.push('the session-change listener is down');
    const database = await this.#database();
    if (database) problems.push(database);
    return { ready: problems.length === 0, problems };
  }

  /** The database's problem, if any. */
  async #database(): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.deadlineMs);
    });
    const answer = sql<{ at_head: boolean }>`
      select exists (select 1 from kysely_migration where name = ${HEAD_MIGRATION}) as at_head`
      .execute(this.db)
      .then(({ rows }) => (rows[0]?.at_head ? 'ok' : 'behind'))
      .catch(() => 'unreachable' as const);
    try {
      const outcome = await Promise.race([answer, late]);
      if (outcome === 'late') return `the database did not answer within ${this.deadlineMs} ms`;
      if (outcome === 'unreachable') return 'the database cannot be reached';
      if (outcome === 'behind') return `the database lacks migration ${HEAD_MIGRATION}`;
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
