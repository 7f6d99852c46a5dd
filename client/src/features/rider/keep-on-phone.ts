import { apiFetch } from '../../lib/api-fetch';
import { beforeSignOut } from '../auth/auth-context';
import { can } from '../../../../shared/rules/staff';
import { addDays } from '../../../../shared/rules/slots';
import type { RiderRuns } from '../../../../shared/schemas/stops';
import { forgetRuns, saveRuns } from './offline-queue';

let kept: string | null = null;

/**
 * A rider's phone keeps the rider app (decision 312): whenever someone who may deliver opens the shop
 * online, the shop's worker is asked (Workbox's CACHE_URLS, as for the page itself, decision 285) to
 * keep /rider as a page and the rider app's files the build lists in /rider-files.json (its chunks and
 * CSS, which the worker does not precache: a customer never needs them), and today's and tomorrow's
 * runs are kept on the phone as the rider page keeps them (decision 299). So /rider opens offline with
 * the rider's stops on a phone that never opened it. Reached through the rider route's chunk
 * (routes/rider.tsx), which lib/service-worker.ts loads after `load` for staff only: no byte of it on
 * the home page, and the rider's chunk is then in the worker's cache already.
 */
export async function keepRiderAppOnPhone(worker: ServiceWorker, user: { id: string; role: string }): Promise<void> {
  if (!can(user.role, 'rider:deliver') || kept === user.id) return;
  kept = user.id;
  try {
    const { files } = await apiFetch<{ files: string[] }>('/rider-files.json');
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [['/rider', { headers: { accept: 'text/html' } }], ...files] } });
    // On /rider the page keeps its own runs.
    if (/^\/rider(\/|$)/.test(location.pathname)) return;
    const today = await apiFetch<RiderRuns>('/api/rider/runs');
    await saveRuns(user.id, 'today', today);
    await saveRuns(user.id, 'tomorrow', await apiFetch<RiderRuns>(`/api/rider/runs?date=${addDays(today.date, 1)}`));
  } catch {
    // No answer (the signal went): tried again with the next session change or page load.
    kept = null;
  }
}

// The copy of the runs goes at sign-out wherever the rider signs out, as the rider page's own Sign out does.
beforeSignOut.push(async () => {
  if (kept) await forgetRuns(kept).catch(() => undefined);
  kept = null;
});
