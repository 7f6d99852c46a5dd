import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, splitLink } from '@trpc/client';
import { trpc } from './lib/trpc';
import { createQueryClient } from './lib/query';
import { trpcFetch } from './lib/api-fetch';
import { AuthProvider } from './features/auth/auth-context';
import { CartSyncWhenNeeded } from './features/cart/cart-sync-loader';
import { lazySubscriptionLink } from './features/orders/lazy-subscription-link';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        // Subscriptions (live order status) over SSE, loaded on first use; everything else batched over HTTP.
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: lazySubscriptionLink({ url: '/trpc' }),
          false: httpBatchLink({ url: '/trpc', fetch: trpcFetch, maxURLLength: 2000 }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <CartSyncWhenNeeded />
          {children}
        </AuthProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
