import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/signature-shakes/green-glow')).toBe('/signature-shakes/green-glow');
    expect(safeReturnPath('/cart?checkout=1')).toBe('/cart?checkout=1');
    expect(safeReturnPath('/deliveries?day=2026-12-08#d')).toBe('/deliveries?day=2026-12-08#d');
  });

  it('ignores anything that could leave the site or loop back to sign-in', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/ /evil',
      '/x\n/y',
      'evil.example',
      '',
      '/auth?mode=register',
      '/join?token=x',
      '/reset-password',
      `/${'a'.repeat(600)}`,
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
