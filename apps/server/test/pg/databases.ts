/**
 * Test support: a database of its own on the run's PostgreSQL (global-setup.ts), so test files
 * running in parallel never see each other's tables; dropped (connections and all) afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Run one statement on `url` with a short-lived connection. */
export async function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {}); // the server may close it (tests that restart it)
  await c.connect();
  try {
    return await c.query<R>(text, values);
  } finally {
    await c.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database on the server at `serverUrl` (default: the run's). */
export async function createTestDatabase(serverUrl: string = inject('pgUrl')): Promise<TestDatabase> {
  const name = `belote_test_${randomBytes(6).toString('hex')}`;
  await sql(serverUrl, `CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: async () => void (await sql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}
