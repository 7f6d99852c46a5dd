import { trpc } from '../../lib/trpc';
import { STALE_DEFAULT_MS } from '../../lib/query';

/** GET /api/shakes/signature through its tRPC twin. The home page passes HOME_SHAKES_FRESH_MS. */
export function useSignatureShakes(staleTime: number = STALE_DEFAULT_MS) {
  return trpc.catalogue.signatureShakes.useQuery(undefined, { staleTime });
}
