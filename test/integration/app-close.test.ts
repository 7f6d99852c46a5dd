import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, testConfig, type TestDb } from '../helpers/app';
import { buildApp } from '../../server/app';

/**
 * `app.close()` on its own — as every test file's afterAll does, with no SIGTERM drain before it
 * (server/index.ts does that, decisions 082/208) — with a request in flight over a kept-alive
 * connection (decision 236). Its answer used to keep the connection alive, and the server's close then
 * waited for that idle connection until Fastify's keep-alive timeout (72 s): the afterAll that "hung for
 * 60 s" in CI. The request is held by the test, not timed: it is in flight when the close starts.
 */

let tdb: TestDb;
let app: FastifyInstance;
let base: string;
let release!: () => void;
let arrived!: () => void;
let inFlight: Promise<void>;

beforeAll(async () => {
  tdb = await createTestDb();
  ({ app } = await buildApp({ config: testConfig(), dbh: tdb.dbh, logger: false }));
  const held = new Promise<void>((r) => (release = r));
  inFlight = new Promise<void>((r) => (arrived = r));
  app.get('/__held', async () => {
    arrived();
    await held;
    return { answered: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  release?.();
  await app?.close();
  await tdb?.close();
});

describe('closing the app with a request in flight', () => {
  it('answers the request, closes its connection with the answer, and the close ends without waiting for the keep-alive timeout', async () => {
    // A kept-alive connection first (idle at the close), then the held request on one.
    const first = await fetch(`${base}/api/health`);
    await first.body?.cancel();
    const answer = fetch(`${base}/__held`);
    await inFlight;

    const closing = app.close();
    // The answer leaves after the server has stopped listening (the order that hung; answered before, the
    // server's close found the connection idle and closed it).
    await expect.poll(() => app.server.listening).toBe(false);
    release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answered: true });
    // The answer says the connection ends with it, so the server is left with nothing to wait for.
    expect(res.headers.get('connection')).toBe('close');
    await closing;
    expect(app.server.listening).toBe(false);
  });
});
