import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPgTemplate, dropRunDatabases, testDatabaseUrl } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
    pgTemplate: string | null;
    pgliteTemplatePath: string | null;
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
    return async () => {
      await dropRunDatabases(url, runId);
    };
  }
  const blob = await createPgliteTemplate();
  const file = path.join(os.tmpdir(), `hs-pglite-template-${runId}.tar`);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteTemplatePath', file);
  return async () => {
    fs.rmSync(file, { force: true });
  };
}
