import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDb, testConfig, type TestDb } from '../helpers/app';
import { buildApp } from '../../server/app';

/**
 * `app.close()` on its own — as every test file's afterAll does, with no SIGTERM drain before it
 * (server/index.ts does that, decisions 082/208) — must not wait for a connection that has nothing to
 * finish (decision 236). Two kinds did, until Node's 60 s headers timeout or Fastify's 72 s keep-alive
 * timeout: the afterAll of test/integration/permissions.test.ts that "hung for 60 s" in CI (reproduced:
 * two connections fetch had opened and sent nothing on kept the close for 70 s). The order is driven
 * by the test, never timed.
 */

let tdb: TestDb;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  tdb = await createTestDb();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await tdb?.close();
});

/** An app on a real port, with a route the test holds until it says so. */
async function start() {
  const { app } = await buildApp({ config: testConfig(), dbh: tdb.dbh, logger: false });
  apps.push(app);
  let release!: () => void;
  let arrived!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const inFlight = new Promise<void>((r) => (arrived = r));
  app.get('/__held', async () => {
    arrived();
    await held;
    return { answered: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, port, base: `http://127.0.0.1:${port}`, release, inFlight };
}

describe('closing the app', () => {
  it('with a request in flight: answers it, closes its connection with the answer, and ends without waiting for the keep-alive timeout', async () => {
    const { app, base, release, inFlight } = await start();
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
  });

  it('with a connection the client opened and sent nothing on: closes it and ends at once', async () => {
    const { app, port } = await start();
    // What an HTTP client's pool does ahead of its queue: a connection, no request (yet). Node counts it
    // as busy (its headers timeout runs), so closing only the idle connections left it open.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await expect.poll(() => new Promise<number>((r) => app.server.getConnections((_e, n) => r(n)))).toBe(1);
    const ended = new Promise<void>((r) => socket.once('close', () => r()));
    await app.close();
    await ended;
    expect(socket.destroyed).toBe(true);
  });
});
