import { describe, expect, it } from 'vitest';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from './trpc';
import { messageOf } from './errors';

/** A tRPC call whose answer is a 5xx without a tRPC body (a proxy's page, or nothing at all). */
async function failedCall(res: () => Response): Promise<unknown> {
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://shop.test/trpc', fetch: (async () => res()) as typeof fetch })] });
  try {
    await client.users.profile.query();
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

describe('messageOf: the screen says the fallback when the server gave no sentence', () => {
  it('a 502 with an HTML page → "Failed to fetch profile", not a JSON parse error', async () => {
    const e = await failedCall(() => new Response('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    expect(messageOf(e, 'Failed to fetch profile')).toBe('Failed to fetch profile');
  });

  it('a 500 with an empty body → "Failed to fetch profile"', async () => {
    const e = await failedCall(() => new Response('', { status: 500 }));
    expect(messageOf(e, 'Failed to fetch profile')).toBe('Failed to fetch profile');
  });

  it("the server's own sentence is still shown", async () => {
    const body = [{ error: { message: 'Your session has expired. Please sign in again.', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } }];
    const e = await failedCall(() => new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json' } }));
    expect(messageOf(e, 'Failed to fetch profile')).toBe('Your session has expired. Please sign in again.');
  });
});
