/**
 * Vitest global setup of the server tests: one migrated database of each
 * kind, made once per run, that every test database starts as a copy of —
 * an in-memory PGlite loads the migrated image, a PostgreSQL database is
 * created from the migrated template. Creating and migrating a database for
 * each of some two hundred test apps cost more than the tests themselves.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding the migrated PGlite data directory image */
    pgliteImage: string;
    /** the migrated PostgreSQL template database on TEST_DATABASE_URL's server, '' without one */
    postgresTemplate: string;
  }
}

async function pgliteImage(dir: string): Promise<string> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db);
    // as a long-lived database would be: planner statistics and frozen rows
    await sql`vacuum freeze analyze`.execute(handle.db);
    // Each test database starts as a copy of this image, some 170 a run, and the copy's start was most of a server
    // test's own work. A copy starts in half the time without the two template databases (nothing in a test copies
    // them: 600 of the image's 1,400 files) and with 16 MB of shared buffers, not 128 MB to zero at each start (a
    // test database holds far less). The app's queries run the same either way.
    await sql`alter system set shared_buffers = '16MB'`.execute(handle.db);
    for (const template of ['template0', 'template1']) {
      await sql`alter database ${sql.id(template)} is_template false`.execute(handle.db);
      await sql`drop database ${sql.id(template)}`.execute(handle.db);
    }
    const image = await handle.dumpImage?.();
    if (!image) throw new Error('PGlite gave no data directory image');
    const file = join(dir, 'pglite-migrated.tar');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `sarraf_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, name), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return name;
}

/**
 * Without TEST_DATABASE_URL the API tests run on PGlite alone: CI refuses to
 * pass that way (a green run must have tried PostgreSQL), and a local run
 * says in one line what it skipped.
 */
function requirePostgresInCi(adminUrl: string | undefined): void {
  if (adminUrl) return;
  if (process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is unset: the API tests must run on PostgreSQL as well as PGlite');
  }
  console.warn(
    "TEST_DATABASE_URL is unset: API tests ran on PGlite only; skipped: every file's PostgreSQL half, and the " +
      'PostgreSQL-only suites (replicas, outbox race, worker crash)',
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sarraf-test-images-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  requirePostgresInCi(adminUrl);
  const [image, template] = await Promise.all([pgliteImage(dir), adminUrl ? postgresTemplate(adminUrl) : '']);
  project.provide('pgliteImage', image);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  };
}
