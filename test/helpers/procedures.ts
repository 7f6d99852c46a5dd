import { TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { appRouter } from '../../server/trpc/router';
import type { TestApp } from './app';
import type { AuthUser } from '../../server/trpc/context';
import type { ShopMeta } from '../../server/trpc/init';
import type { Permission } from '../../shared/rules/staff';

export interface ProcedureEntry {
  /** The tRPC path, e.g. 'slots.admin.updateSlot'. */
  name: string;
  openapi?: NonNullable<OpenApiMeta['openapi']>;
  /** Which procedure type built it (server/trpc/procedures.ts); undefined when none did. */
  access?: ShopMeta['access'];
  /** What a staff procedure needs. */
  permission?: Permission;
  type: 'query' | 'mutation' | 'subscription';
}

/**
 * Every procedure of the router, found through its public shape (a router lists its
 * sub-routers and procedures as properties; a procedure carries `procedure: true` and its
 * `meta`), so procedures other domains add later are covered without touching a test.
 */
export function listProcedures(router: object = appRouter, prefix = ''): ProcedureEntry[] {
  const out: ProcedureEntry[] = [];
  for (const [key, value] of Object.entries(router)) {
    if (key.startsWith('_') || key === 'createCaller' || !value || (typeof value !== 'object' && typeof value !== 'function')) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if ((value as { procedure?: unknown }).procedure === true) {
      const meta = (value as { meta?: ShopMeta }).meta;
      const type = (value as { _def: { type: ProcedureEntry['type'] } })._def.type;
      out.push({ name, type, access: meta?.access, permission: meta?.permission, ...(meta?.openapi ? { openapi: meta.openapi } : {}) });
    } else out.push(...listProcedures(value as object, name));
  }
  return out;
}

export type Guard = 'public' | 'authed' | 'admin';

/**
 * Which guard a procedure is behind, by asking it: a guest gets UNAUTHORIZED from
 * authedProcedure/staffProcedure before any input is read, and a customer FORBIDDEN from
 * staffProcedure. (A public procedure is called with no input: it refuses the input or answers.)
 */
export async function guardOf(t: TestApp, name: string, customer: AuthUser): Promise<Guard> {
  const codeAs = async (user: AuthUser | null) => {
    const fn = name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], t.caller(user)) as (i?: unknown) => Promise<unknown>;
    try {
      const r = await fn(undefined);
      // A subscription answers an async iterable: its middlewares have already run.
      if (r && typeof (r as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') await (r as AsyncGenerator).return?.(undefined);
      return 'OK';
    } catch (e) {
      return e instanceof TRPCError ? e.code : 'ERROR';
    }
  };
  if ((await codeAs(null)) !== 'UNAUTHORIZED') return 'public';
  return (await codeAs(customer)) === 'FORBIDDEN' ? 'admin' : 'authed';
}

/** A REST path template with example values for its parameters. */
export function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) =>
    k === 'date' ? '2026-12-01' : k === 'pincode' ? '560001' : /id$/i.test(k) ? '00000000-0000-4000-8000-000000000000' : 'x',
  );
}
