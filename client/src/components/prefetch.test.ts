import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_DELAYS_MS, schedulePrefetch } from './prefetch';

/** A window stand-in: already loaded or not, with a connection hint. */
function fakeWindow(opts: { loaded: boolean; saveData?: boolean; effectiveType?: string }) {
  const listeners = new Map<string, () => void>();
  return {
    win: {
      document: { readyState: opts.loaded ? 'complete' : 'loading' },
      navigator: { connection: { saveData: opts.saveData, effectiveType: opts.effectiveType ?? '4g' } },
      addEventListener: (t: string, fn: () => void) => listeners.set(t, fn),
      removeEventListener: (t: string) => listeners.delete(t),
    } as unknown as Window,
    fire: (t: string) => listeners.get(t)?.(),
  };
}

describe('schedulePrefetch (spec §9: 0.8 s, 2.3 s, 3.8 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads each batch at its delay, counted from the load event', async () => {
    expect(PREFETCH_DELAYS_MS).toEqual([800, 2300, 3800]);
    const calls: string[] = [];
    const loader = (n: string) => () => (calls.push(n), Promise.resolve());
    const { win, fire } = fakeWindow({ loaded: false });
    schedulePrefetch([[loader('a1'), loader('a2')], [loader('b')], [loader('c')]], win);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([]); // nothing before the first load
    fire('load');
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(calls).toEqual(['a1', 'a2']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toEqual(['a1', 'a2', 'b']);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toEqual(['a1', 'a2', 'b', 'c']);
  });

  it('swallows loader failures and can be cancelled', async () => {
    const { win } = fakeWindow({ loaded: true });
    const failing = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const later = vi.fn(() => Promise.resolve());
    const cancel = schedulePrefetch([[failing], [later]], win);
    await vi.advanceTimersByTimeAsync(900);
    expect(failing).toHaveBeenCalledOnce();
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(later).not.toHaveBeenCalled();
  });

  it('does nothing for Data Saver or 2G connections', async () => {
    for (const conn of [{ saveData: true }, { effectiveType: 'slow-2g' }, { effectiveType: '2g' }]) {
      const { win } = fakeWindow({ loaded: true, ...conn });
      const load = vi.fn(() => Promise.resolve());
      schedulePrefetch([[load], [load], [load]], win);
      await vi.advanceTimersByTimeAsync(5000);
      expect(load).not.toHaveBeenCalled();
    }
  });
});
