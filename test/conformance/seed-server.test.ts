import { describe, expect, it } from 'vitest';

/**
 * The seed specification's statements checked against the server's router (integration project:
 * the router is already loaded there, so this costs no import of its own). See seed-client.unit.test.ts.
 */
describe('§7 no-cache reads through tRPC', () => {
  it('§7 "no-cache headers and a timestamp query parameter for admin orders, active orders, available slots, slot-by-date and shakes": the tRPC twins of those REST paths are exactly the client\'s list', async () => {
    const { listProcedures } = await import('../helpers/procedures');
    const { needsNoCache, NO_CACHE_PROCEDURES } = await import('../../client/src/lib/api-fetch');
    const procs = listProcedures();
    expect(procs.length).toBeGreaterThan(50);
    const twins = procs
      .filter((p) => p.openapi?.method === 'GET' && needsNoCache(`/api${p.openapi.path.replace(/\{[^}]+\}/g, 'x')}`))
      .map((p) => p.name)
      .sort();
    expect(twins).toEqual([...NO_CACHE_PROCEDURES].sort());
    // The five reads the spec names are among them.
    expect(twins).toEqual(expect.arrayContaining(['adminOrders.list', 'orders.active', 'slots.available', 'slots.slotsByDate', 'catalogue.signatureShakes']));
  });
});
