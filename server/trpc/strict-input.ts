import type { z } from 'zod';
import * as addresses from '../../shared/schemas/addresses';
import * as apiKeys from '../../shared/schemas/api-keys';
import * as audit from '../../shared/schemas/audit';
import * as auth from '../../shared/schemas/auth';
import * as autopay from '../../shared/schemas/autopay';
import * as builder from '../../shared/schemas/builder';
import * as cart from '../../shared/schemas/cart';
import * as catalogue from '../../shared/schemas/catalogue';
import * as catalogueAdmin from '../../shared/schemas/catalogue-admin';
import * as common from '../../shared/schemas/common';
import * as coupons from '../../shared/schemas/coupons';
import * as dashboard from '../../shared/schemas/dashboard';
import * as favorites from '../../shared/schemas/favorites';
import * as invoices from '../../shared/schemas/invoices';
import * as jobs from '../../shared/schemas/jobs';
import * as kitchen from '../../shared/schemas/kitchen';
import * as morning from '../../shared/schemas/morning';
import * as notifications from '../../shared/schemas/notifications';
import * as orderLifecycle from '../../shared/schemas/order-lifecycle';
import * as orders from '../../shared/schemas/orders';
import * as payments from '../../shared/schemas/payments';
import * as privacy from '../../shared/schemas/privacy';
import * as reviews from '../../shared/schemas/reviews';
import * as schedules from '../../shared/schemas/schedules';
import * as slots from '../../shared/schemas/slots';
import * as rewards from '../../shared/schemas/rewards';
import * as staff from '../../shared/schemas/staff';
import * as stock from '../../shared/schemas/stock';
import * as stops from '../../shared/schemas/stops';
import * as subscriptions from '../../shared/schemas/subscriptions';
import * as wallet from '../../shared/schemas/wallet';
import * as webhooks from '../../shared/schemas/webhooks';

/**
 * Every module of shared/schemas (a test checks that none is missing). Add a line per new module.
 */
export const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  addresses,
  'api-keys': apiKeys,
  audit,
  auth,
  autopay,
  builder,
  cart,
  catalogue,
  'catalogue-admin': catalogueAdmin,
  common,
  coupons,
  dashboard,
  favorites,
  invoices,
  jobs,
  kitchen,
  morning,
  notifications,
  'order-lifecycle': orderLifecycle,
  orders,
  payments,
  privacy,
  reviews,
  rewards,
  schedules,
  slots,
  staff,
  stock,
  stops,
  subscriptions,
  wallet,
  webhooks,
};

/**
 * Coercion only where a schema declares it.
 *
 * trpc-to-openapi 3.3 (adapters/node-http/core: `coerceSchema`) sets `coerce = true` on every
 * number, boolean, bigint and date field of a procedure's input the first time the procedure is
 * called through /api, whatever the method: query strings need it, but the flag lives on the
 * shared zod schema, so from then on JSON bodies are coerced too, on /api and on /trpc alike
 * (`"false"` → true, `[3]` → 3, `"0x5"` → 5). The shop's query and path fields that are numbers
 * declare it themselves (`z.coerce.number()` in shared/schemas: page, pageSize, days), so the
 * library's blanket flag is not needed anywhere: this fixes every such field's `coerce` at what
 * its schema declared, for every schema of shared/schemas (where every procedure input lives).
 * The library's assignment then changes nothing. The library itself is not patched; a GET array
 * field sent once (`?tag=a` → `["a"]`) and path parameters are still the library's.
 */
let done = false;
export function declaredCoercionOnly(): void {
  if (done) return;
  done = true;
  const seen = new WeakSet<object>();
  for (const mod of Object.values(SCHEMA_MODULES)) for (const value of Object.values(mod)) visit(value, seen);
}

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);

interface Def {
  type?: string;
  coerce?: boolean;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  items?: unknown[];
  rest?: unknown;
}

function defOf(value: unknown): Def | null {
  const zod = (value as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def && typeof zod.def === 'object' ? zod.def : null;
}

function visit(value: unknown, seen: WeakSet<object>): void {
  const def = defOf(value);
  if (!def || seen.has(def)) return;
  seen.add(def);
  if (def.type && COERCIBLE.has(def.type)) {
    const declared = def.coerce === true;
    Object.defineProperty(def, 'coerce', {
      get: () => declared,
      // Assignments (trpc-to-openapi's coerceSchema sets the flag to true) are ignored.
      set: () => {},
      enumerable: true,
      configurable: false,
    });
    return;
  }
  const shape = def.type === 'object' ? (value as z.ZodObject).shape : undefined;
  const children: unknown[] = [
    ...(shape ? Object.values(shape) : []),
    def.innerType,
    def.element,
    def.in,
    def.out,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.keyType,
    def.valueType,
    ...(def.items ?? []),
    def.rest,
  ];
  for (const c of children) if (c) visit(c, seen);
}
