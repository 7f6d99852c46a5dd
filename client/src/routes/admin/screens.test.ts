import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, ADMIN_ROUTE_LABELS, ADMIN_SCREENS, screensFor } from './screens';

describe('the back office sidebar', () => {
  it('lists every screen a role may open (the sidebar draws ADMIN_ROUTES)', () => {
    for (const s of ADMIN_SCREENS) {
      expect(ADMIN_ROUTES as readonly string[], s.path).toContain(s.path);
      expect(ADMIN_ROUTE_LABELS[s.path as (typeof ADMIN_ROUTES)[number]], s.path).toBeTruthy();
    }
    expect(screensFor('manager').map((s) => s.label)).toContain('Wallets');
    expect(screensFor('kitchen').map((s) => s.path)).toEqual(['/admin/kitchen', '/admin/stock']);
  });
});
