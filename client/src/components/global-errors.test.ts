import { describe, expect, it } from 'vitest';
import { isBenignError } from './global-errors';

describe('isBenignError (spec §8: network-type failures are silently ignored)', () => {
  it('ignores network-type failures', () => {
    for (const e of [
      new TypeError('Load failed'),
      new TypeError('Failed to fetch'),
      new TypeError('NetworkError when attempting to fetch resource.'),
      new Error('WebSocket connection to wss://example.supabase.co failed'),
      new Error('websocket closed'),
      new Error('connection reset by peer'),
      new DOMException('The user aborted a request.', 'AbortError'),
      new TypeError('Failed to fetch dynamically imported module: /assets/cart-abc.js'),
      'Script error.',
      'ResizeObserver loop completed with undelivered notifications.',
    ])
      expect(isBenignError(e), String(e)).toBe(true);
  });
  it('ignores rejections that carry nothing (undefined, empty, DOM events)', () => {
    expect(isBenignError(undefined)).toBe(true);
    expect(isBenignError(null)).toBe(true);
    expect(isBenignError('')).toBe(true);
    expect(isBenignError({ type: 'error' })).toBe(false);
  });
  it('keeps real bugs visible', () => {
    expect(isBenignError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isBenignError(new RangeError('Invalid time value'))).toBe(false);
    expect(isBenignError('Unexpected token < in JSON at position 0')).toBe(false);
  });
});
