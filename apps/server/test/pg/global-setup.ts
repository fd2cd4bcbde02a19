/**
 * vitest globalSetup of the server project: one PostgreSQL for the whole run. The server at
 * TEST_DATABASE_URL when set (its user must be allowed to create databases), otherwise a real
 * server started here (embedded.ts) and stopped after the last test file. Test files get its
 * URL with `inject('pgUrl')` and each works in a database of its own (databases.ts).
 */
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgUrl', external);
    return undefined;
  }
  const t0 = performance.now();
  const pg = await startEmbeddedPostgres();
  project.provide('pgUrl', pg.url);
  console.info(`test PostgreSQL on port ${pg.port}: initialised and started in ${Math.round(performance.now() - t0)} ms`);
  return async () => {
    const t1 = performance.now();
    await pg.destroy();
    console.info(`test PostgreSQL stopped and removed in ${Math.round(performance.now() - t1)} ms`);
  };
}
