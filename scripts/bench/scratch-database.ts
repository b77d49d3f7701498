/** A PostgreSQL database of the bench's own, beside the one `adminUrl` names, for one run. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
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

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `sarraf_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
