import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  type TransactionSettings,
} from 'kysely';
import { isBackgroundWork } from './background-work.ts';

/**
 * Kysely dialect over one PGlite instance.
 *
 * Kysely 0.29 ships one, but it requires Node 22; 0.28 has none, and the
 * kysely-pglite package brings heavy dependencies. This one behaves like
 * 0.29's: one connection that a query or a whole transaction holds alone,
 * `affectedRows` as `numAffectedRows`, a commit that PostgreSQL turned into a
 * rollback (an error was caught inside the transaction) fails with SQLSTATE
 * 25P02, and `db.destroy()` closes the instance. Type parsers are the
 * instance's own (see connection.ts).
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteAdapter extends PostgresAdapter {
  // One connection, held by the migrator from lock to unlock: nothing to lock against.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * The one connection's holder and those waiting for it. A call waits behind the calls waiting before it; background
 * work (the outbox's jobs, `background-work.ts`) waits behind every call, so a burst of jobs claimed at once does not
 * put a customer's next statement behind all of theirs. And background work is let in only on a later turn of the
 * event loop: a call's next statement usually follows within the microtasks of its last one, and would otherwise find
 * a job's whole transaction started in that gap. Background work waits only while calls keep the connection busy.
 */
class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connection: PGliteConnection;
  #holder: 'call' | 'background' | undefined;
  readonly #calls: (() => void)[] = [];
  readonly #background: (() => void)[] = [];
  /** a call gave the connection back in this turn of the event loop: its next statement may follow */
  #callJustLeft = false;
  #backgroundTurnAsked = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const background = isBackgroundWork();
    const wait = this.#holder !== undefined || (background && (this.#background.length > 0 || this.#callJustLeft));
    // when it resolves, the connection is this caller's: releaseConnection or #backgroundTurn made it so
    if (wait) await new Promise<void>((resolve) => (background ? this.#background : this.#calls).push(resolve));
    else this.#holder = background ? 'background' : 'call';
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const wasCall = this.#holder === 'call';
    const call = this.#calls.shift();
    if (call) {
      this.#holder = 'call';
      return call();
    }
    this.#holder = undefined;
    if (wasCall) this.#callJustLeft = true;
    if ((this.#background.length > 0 || this.#callJustLeft) && !this.#backgroundTurnAsked) {
      this.#backgroundTurnAsked = true;
      setImmediate(() => this.#backgroundTurn());
    }
  }

  /** The next background work's turn, unless a call took the connection meanwhile (its release asks again). */
  #backgroundTurn(): void {
    this.#backgroundTurnAsked = false;
    this.#callJustLeft = false;
    if (this.#holder !== undefined) return;
    const next = this.#background.shift();
    if (!next) return;
    this.#holder = 'background';
    next();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compile(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compile(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await connection.executeQuery(compile(savepointCommand('release', name), createQueryId()));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#query<R>(compiledQuery.sql, compiledQuery.parameters);
    return {
      numAffectedRows: result.affectedRows == null ? undefined : BigInt(result.affectedRows),
      rows: result.rows ?? [],
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is refused outright
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  async commit(): Promise<void> {
    const { command } = await this.#query('commit', []);
    if (command === 'ROLLBACK') {
      throw Object.assign(new Error('Transaction was rolled back instead of committed'), { code: '25P02' });
    }
  }

  async #query<R>(sql: string, parameters: readonly unknown[]) {
    try {
      return await this.#pglite.query<R>(sql, [...parameters], { rowMode: 'object' });
    } catch (error) {
      // PGlite's stack ends inside its own code; add the caller's.
      const caller = new Error().stack?.split('\n').slice(1).join('\n');
      if (error instanceof Error && error.stack && caller) error.stack += `\n${caller}`;
      throw error;
    }
  }
}

function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}
