import type { UserRole } from '../../shared/rules/staff';
import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../deps';
import { authenticate, type ApiKeyPrincipal, type SessionCheck } from '../lib/auth-guard';

export interface AuthUser {
  id: string;
  email: string;
  role: UserRole;
  name: string;
}

export interface RequestInfo {
  id: string;
  ip: string;
  headers: IncomingHttpHeaders;
  /** 'rest' for /api, 'trpc' for /trpc, 'internal' for createCaller. */
  via: 'rest' | 'trpc' | 'internal';
  /**
   * The call's procedure reads the session in its own first statement (decision 320): set by the
   * adapters (server/http/api.ts) for a call to a procedure whose meta says so, never by a client.
   */
  sessionInItsStatement?: boolean;
}

export interface Context {
  deps: AppDeps;
  user: AuthUser | null;
  /** Set when a bearer token was sent but is not valid (lets authed procedures say why). */
  tokenRejected: boolean;
  /** An integrator's API key (REST only): authed procedures let it through within its scopes. */
  apiKey?: ApiKeyPrincipal | null;
  /**
   * The signed-in user's session when it is not read yet (decision 320): the procedure's first
   * statement reads it, and its middleware confirms it before the answer leaves.
   */
  session?: SessionCheck | null;
  req: RequestInfo;
  /** Headers a procedure wants on its HTTP answer (e.g. X-Total-Count). */
  resHeaders: Record<string, string>;
}

export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const h = headers.authorization;
  if (!h || typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : null;
}

export async function createContext(deps: AppDeps, req: RequestInfo): Promise<Context> {
  const token = bearerToken(req.headers);
  let user: AuthUser | null = null;
  let tokenRejected = false;
  let apiKey: ApiKeyPrincipal | null = null;
  let session: SessionCheck | null = null;
  if (token) {
    // A valid token of an ended session is refused like an expired one (decision 093).
    const who = await authenticate(deps, token, req.via, { deferSession: req.sessionInItsStatement });
    if (!who) tokenRejected = true;
    else if (who.apiKey) apiKey = who.apiKey;
    else ({ user, session = null } = who);
  }
  return { deps, user, tokenRejected, apiKey, session, req, resHeaders: {} };
}

/**
 * The id of the request an error belongs to, for the error formatter when tRPC refuses a request
 * before it made a context (a body that is not JSON, a wrong content type). The /trpc adapter's
 * `onError` notes it (server/http/api.ts); tRPC calls `onError` with the same error object before it
 * formats it. Not an AsyncLocalStorage: entering one per request switched on Node's promise hooks for
 * every promise of the process, ~2% of a request's CPU (decision 186).
 */
export const requestIdOfError = new WeakMap<object, string>();
