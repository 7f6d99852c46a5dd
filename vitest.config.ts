import { defineConfig } from 'vitest/config';

/**
 * Three projects, all run by `npm test`, in this order:
 * - unit: pure functions (shared rules, client logic), no database (the few files that vi.mock a
 *   module run apart, as unit-isolated).
 * - integration: the real app through app.inject() / createCaller on PostgreSQL
 *   (TEST_DATABASE_URL or DATABASE_URL) or, without one, embedded PGlite; each
 *   test file gets its own database cloned from a migrated, seeded template.
 * - browser: the built client served by the real server, driven in Debian's
 *   Chromium through playwright-core. Skipped loudly when Chromium is missing,
 *   unless REQUIRE_BROWSER=1 (CI), where a missing browser fails the run.
 *
 * Integration and browser files share one module graph per worker (`isolate: false`, decision 120):
 * importing the server (Fastify, tRPC, the OpenAPI document, Kysely, pg) cost each file 2–4 s, and
 * these files mock no module — each builds its own app, database and clock through test/helpers.
 * A file that needs vi.mock or module state of its own belongs in the unit project (isolated).
 */
const UNIT_FILES = ['shared/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}', 'server/**/*.unit.test.ts', 'scripts/**/*.test.ts', 'test/conformance/**/*.unit.test.ts'];
/** Unit files that vi.mock a module or stub a global: they need a module graph of their own. */
const UNIT_MOCKING_FILES = ['client/src/features/cart/cart-store.test.ts', 'test/conformance/seed-client.unit.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: UNIT_FILES,
          exclude: UNIT_MOCKING_FILES,
          environment: 'node',
          // A limit on a hang, not a wait: in CI the unit files run beside the browser files (decision
          // 151), and the invoice PDF's first render (pdfkit and the fonts load) took over 5 s on a busy machine.
          testTimeout: 20_000,
          // Pure functions share one module graph per worker, as the integration files do: the start of
          // an isolated worker per file was most of the project's time (37 files, ~21 s of tests).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        // The unit files that replace modules (vi.mock) or globals: each in its own module graph.
        test: {
          name: 'unit-isolated',
          sequence: { groupOrder: 0 },
          include: UNIT_MOCKING_FILES,
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          // Projects run one after another (unit, integration, browser): on a 2-core machine the
          // browser journeys time out when they share it with database-heavy concurrency tests.
          sequence: { groupOrder: 1 },
          // Two files at a time keeps the concurrency tests under PostgreSQL's 100 connections.
          maxWorkers: 2,
          include: ['server/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/conformance/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts', 'test/conformance/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts'],
          // Limits on a hang, not waits: the PGlite pass runs beside the browser files in CI (decision 151).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          // No retries: a retried test hides a flake. Journeys wait for conditions instead, and a
          // condition polled with expect.poll gets 10 s (not 1 s): on a loaded 2-core machine a page
          // can take seconds to answer, and waiting longer for a true condition costs nothing.
          expect: { poll: { timeout: 10_000 } },
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/browser-setup.ts'],
          // A limit on a hang, not a wait: two files share two cores, so a journey takes up to twice
          // as long as it did alone (the cart and checkout journeys reached 60 s at load 19).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          isolate: false,
          // Two files at a time: each file has its own server on its own port, its own database
          // cloned from the template and its own browser contexts in its worker's Chromium
          // (test/helpers/browser.ts), so files share nothing but the CPU. Screenshot names are unique
          // per file. A third worker was not clearly faster on this 2-core machine (decision 321).
          maxWorkers: 2,
        },
      },
    ],
  },
});
