import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { createLocalBus } from './events';
import { createReads } from './reads';

/**
 * Where a read that may lag goes (decision 176). The databases are stand-ins: `run` hands the chosen
 * one to the read, and the read answers which it was given (or fails as that database would).
 */
const primary = 'primary' as unknown as Db;
const r1 = 'replica-1' as unknown as Db;
const r2 = 'replica-2' as unknown as Db;
const which = (db: Db) => Promise.resolve(db as unknown as string);
const failingOn = (bad: Db, error: object) => (db: Db) => (db === bad ? Promise.reject(Object.assign(new Error('x'), error)) : which(db));

function setup(opts: { replicas?: Db[] } = {}) {
  let now = 1_000;
  const bus = createLocalBus();
  const make = () =>
    createReads({
      primary,
      replicas: (opts.replicas ?? [r1, r2]).map((db, i) => ({ url: `postgres://replica-${i + 1}/shop`, db })),
      bus,
      now: () => now,
      windowMs: 10_000,
      downMs: 5_000,
    });
  return { a: make(), b: make(), bus, advance: (ms: number) => (now += ms) };
}

describe('reads that may lag', () => {
  it('go to the replicas in turn; without replicas, to the primary', async () => {
    const { a } = setup();
    expect([await a.run('u', which), await a.run('u', which), await a.run(null, which)]).toEqual(['replica-1', 'replica-2', 'replica-1']);
    const none = setup({ replicas: [] }).a;
    expect(none.enabled).toBe(false);
    expect(await none.run('u', which)).toBe('primary');
  });

  it('whoever just wrote reads the primary for the window, on this instance and (through the bus) on the others', async () => {
    const { a, b, advance } = setup();
    await a.noteWrite('asha');
    await new Promise((r) => setImmediate(r)); // the local bus delivers on the next turn, as NOTIFY would
    expect(await a.run('asha', which)).toBe('primary');
    expect(await b.run('asha', which)).toBe('primary');
    expect(await a.run('ravi', which)).toMatch(/^replica/);
    advance(10_001);
    expect(await a.run('asha', which)).toMatch(/^replica/);
    expect(await b.run('asha', which)).toMatch(/^replica/);
  });

  it('a replica that is away: the read runs on the primary and the replica is left out for a while', async () => {
    const { a, advance } = setup();
    const away = failingOn(r1, { code: 'ECONNREFUSED' });
    expect(await a.run(null, away)).toBe('primary');
    expect([await a.run(null, away), await a.run(null, away)]).toEqual(['replica-2', 'replica-2']);
    advance(5_001);
    const answers = [await a.run(null, which), await a.run(null, which)];
    expect(answers.sort()).toEqual(['replica-1', 'replica-2']);
  });

  it('a read cancelled on the replica (recovery conflict, statement timeout) runs on the primary; the replica stays in', async () => {
    const { a } = setup({ replicas: [r1] });
    expect(await a.run(null, failingOn(r1, { code: '40001' }))).toBe('primary');
    expect(await a.run(null, failingOn(r1, { code: '57014' }))).toBe('primary');
    expect(await a.run(null, which)).toBe('replica-1');
  });

  it("the read's own errors are its own: not retried on the primary", async () => {
    const { a } = setup();
    await expect(a.run(null, failingOn(r1, { code: '42P01' }))).rejects.toThrow('x');
  });
});
