import { describe, expect, it } from 'vitest';
import { KeyedLanes } from '../../db/database';

/** A promise and its resolve/reject, to hold a lane's work open from the test. */
function held<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}
const lockTimeout = () => Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });

describe('KeyedLanes (decision 105)', () => {
  it('lets `width` of one key run at a time, the rest in arrival order; other keys never wait', async () => {
    const lanes = new KeyedLanes(2, 10_000);
    const started: string[] = [];
    const gates = new Map<string, { resolve: () => void }>();
    const job = (key: string, name: string) =>
      lanes.run(key, async () => {
        started.push(name);
        const g = held();
        gates.set(name, g);
        await g.promise;
        return name;
      });
    const a = ['a1', 'a2', 'a3', 'a4'].map((n) => job('a', n));
    const b = job('b', 'b1');
    await expect.poll(() => started).toEqual(['a1', 'a2', 'b1']);
    gates.get('a2')!.resolve();
    await expect.poll(() => started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const n of ['a1', 'a3', 'b1']) gates.get(n)!.resolve();
    await expect.poll(() => started.length).toBe(5);
    gates.get('a4')!.resolve();
    expect(await Promise.all([...a, b])).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(lanes.size).toBe(0);
  });

  it("answers a lane's waiting work with the running one's lock timeout at once; the next arrival runs", async () => {
    const lanes = new KeyedLanes(1, 10_000);
    const first = held();
    const running = lanes.run('slot', () => first.promise);
    const waiting = [1, 2, 3].map(() => lanes.run('slot', async () => 'ran'));
    first.reject(lockTimeout());
    await expect(running).rejects.toMatchObject({ code: '55P03' });
    for (const w of waiting) await expect(w).rejects.toMatchObject({ code: '55P03' });
    expect(await lanes.run('slot', async () => 'fresh')).toBe('fresh');
  });

  it('a lock timeout while the lane kept moving fails only that transaction: the row is busy, not stuck', async () => {
    const lanes = new KeyedLanes(2, 10_000);
    const slow = held();
    const quick = held();
    const busy = held();
    const running = lanes.run('slot', () => slow.promise);
    const done = lanes.run('slot', () => quick.promise);
    const next = lanes.run('slot', () => busy.promise);
    const waiting = [1, 2].map((n) => lanes.run('slot', async () => `ran ${n}`));
    quick.resolve(); // another order for the row finished while the slow one waited; the next takes its place
    await done;
    slow.reject(lockTimeout());
    await expect(running).rejects.toMatchObject({ code: '55P03' });
    expect(await Promise.all(waiting)).toEqual(['ran 1', 'ran 2']);
    busy.resolve();
    await next;
  });

  it('a refusal that is not the database being slow passes the turn on instead', async () => {
    const lanes = new KeyedLanes(1, 10_000);
    const first = held();
    const running = lanes.run('slot', () => first.promise);
    const next = lanes.run('slot', async () => 'ran');
    first.reject(new Error('SLOT_FULL'));
    await expect(running).rejects.toThrow('SLOT_FULL');
    expect(await next).toBe('ran');
  });

  it('gives up waiting after waitMs (503 SERVICE_BUSY through the one error table)', async () => {
    const lanes = new KeyedLanes(1, 50);
    const first = held();
    const running = lanes.run('slot', () => first.promise);
    await expect(lanes.run('slot', async () => 'ran')).rejects.toMatchObject({ code: 'POOL_WAIT_TIMEOUT' });
    first.resolve();
    await running;
    expect(lanes.size).toBe(0);
  });
});
