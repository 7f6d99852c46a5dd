import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../lib/trpc';

/**
 * The subscription branch of the client's splitLink. tRPC's own
 * httpSubscriptionLink lives in @trpc/client's main module, so using it puts
 * ~2.4 KiB gzip into the framework chunk every page (home included) loads —
 * enough to break the home page's 110 KiB budget. This link loads the SSE
 * client (same protocol, same server procedure) on the first subscription
 * instead; pages without live data never download it.
 */
export function lazySubscriptionLink(opts: { url: string }): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        let stop = () => {};
        let cancelled = false;
        import('./sse-subscription-link').then(
          (m) => {
            if (!cancelled) stop = m.runSubscription(opts.url, op, observer);
          },
          (err: unknown) =>
            observer.error(TRPCClientError.from<AppRouter>(err instanceof Error ? err : new Error('Live updates could not be loaded.'))),
        );
        return () => {
          cancelled = true;
          stop();
        };
      });
}
