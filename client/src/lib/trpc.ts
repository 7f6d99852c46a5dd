import { createTRPCReact } from '@trpc/react-query';
// Types only: no server code reaches the browser bundle.
import type { AppRouter } from '../../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();
export type { AppRouter };
