import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KyselyPlugin, QueryId } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers/app';
import { createUser } from '../../test/helpers/factories';
import type { AppDeps } from '../deps';
import { flushApiKeyUses, recordApiKeyUse, startAuthGuard } from './auth-guard';

/**
 * The API key usage write a request starts after its answer (not awaited) may still be on its way when
 * the app closes (decision 236): the close must wait for it, or the database is closed under it — the
 * suspect of a 60 s hang of an integration file's close in CI. The race is driven, not waited for: the
 * write's first "last used" update is held at a gate until the test opens it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Holds the first update (a key's "last used") until `open()`; `arrived` resolves when it is held; counts every write. */
function gateFirstKeyUpdate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  let reached!: () => void;
  const arrived = new Promise<void>((r) => (reached = r));
  let held: QueryId | null = null;
  let writes = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (args.node.kind === 'InsertQueryNode' || args.node.kind === 'UpdateQueryNode') writes++;
      if (args.node.kind === 'UpdateQueryNode' && !held) held = args.queryId;
      return args.node;
    },
    async transformResult(args) {
      if (args.queryId === held) {
        reached();
        await opened;
      }
      return args.result;
    },
  };
  return { plugin, open, arrived, writes: () => writes };
}

describe('API key usage at close', () => {
  it('the close waits for the write a request started, so nothing counted is lost and nothing is written after it', async () => {
    const owner = await createUser(t.deps.db, { role: 'admin' });
    const till = await t.caller(owner).apiKeys.create({ name: 'Till', scopes: ['catalogue:read'] });
    const board = await t.caller(owner).apiKeys.create({ name: 'Board', scopes: ['catalogue:read'] });
    const gate = gateFirstKeyUpdate();
    // A guard of its own (the bus is only the key of its state) over the same database, through the gate.
    const deps = { ...t.deps, bus: {} as AppDeps['bus'], db: t.deps.db.withPlugin(gate.plugin) } as AppDeps;
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000_000);
    try {
      const stop = startAuthGuard(deps);
      recordApiKeyUse(deps, till.key.id, 'adminCatalogue.shakes', '10.0.0.1', true);
      // Six seconds on, a call counts its use and starts the batch's write after its answer, as a request does.
      clock.mockReturnValue(1_006_000);
      recordApiKeyUse(deps, board.key.id, 'adminCatalogue.shakes', '10.0.0.2', true);
      await gate.arrived;

      // The app closes while that write is on its way: the close does not end before it.
      let stopped = false;
      const stopping = stop().then(() => (stopped = true));
      await new Promise((r) => setImmediate(r)); // one turn of the loop: every promise that could settle has
      expect(stopped, 'the close ended with a usage write still on its way').toBe(false);
      gate.open();
      await stopping;

      const uses = await t.deps.db
        .selectFrom('api_key_uses')
        .select(['key_id', 'operation', 'count'])
        .where('key_id', 'in', [till.key.id, board.key.id])
        .orderBy('key_id')
        .execute();
      expect(uses).toHaveLength(2);
      expect(uses.map((u) => u.count)).toEqual([1, 1]);
      const keys = await t.deps.db.selectFrom('api_keys').select(['id', 'last_used_ip']).where('id', 'in', [till.key.id, board.key.id]).execute();
      expect(Object.fromEntries(keys.map((k) => [k.id, k.last_used_ip]))).toEqual({ [till.key.id]: '10.0.0.1', [board.key.id]: '10.0.0.2' });

      // Closed: a late call starts no write, and a flush asked for afterwards writes nothing (the database may be gone).
      const written = gate.writes();
      clock.mockReturnValue(1_020_000);
      recordApiKeyUse(deps, till.key.id, 'adminCatalogue.shakes', '10.0.0.1', true);
      await flushApiKeyUses(deps);
      expect(gate.writes()).toBe(written);
    } finally {
      clock.mockRestore();
    }
  });
});
