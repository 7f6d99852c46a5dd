import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPgBouncer } from './pgbouncer';
import { createPgliteTemplate, createPgTemplate, dropRunDatabases, testDatabaseUrl } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    pgTemplate: string | null;
    pgliteTemplatePath: string | null;
    /** TEST_PGBOUNCER=1: the port of a PgBouncer (transaction mode) the test files' apps go through. */
    pgBouncerPort: number | null;
  }
}

/** Once per project run: a migrated, seeded template that every test file clones. */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}_${project.name}`.replace(/[^a-z0-9_]/gi, '');
  project.provide('runId', runId);
  const url = testDatabaseUrl();
  if (url) {
    const template = await createPgTemplate(url, runId);
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplatePath', null);
    // The app's pools through PgBouncer in transaction mode; LISTEN, jobs and migrations on PostgreSQL itself.
    const bouncer = process.env.TEST_PGBOUNCER === '1' ? await startPgBouncer(url) : null;
    project.provide('pgBouncerPort', bouncer?.port ?? null);
    return async () => {
      await bouncer?.stop();
      await dropRunDatabases(url, runId);
    };
  }
  const blob = await createPgliteTemplate();
  const file = path.join(os.tmpdir(), `hs-pglite-template-${runId}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteTemplatePath', file);
  project.provide('pgBouncerPort', null);
  return async () => {
    fs.rmSync(file, { force: true });
  };
}
