/**
 * `npm run db:types`: the database types, generated from the migrations (decision 106).
 * Migrates an in-memory embedded database (PGlite: no server needed), introspects it with
 * kysely-codegen and writes db/generated/database.ts; text and json columns listed in NARROW get the
 * code's own words (db/column-types.ts) while their nullability and defaults still come from the
 * database. `--check` (run by `npm run lint`) fails when the file is not what the migrations give.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate, PostgresDialect } from 'kysely-codegen';
import prettier from 'prettier';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const OUT = path.resolve(import.meta.dirname, '../db/generated/database.ts');

/** table.column → the type its values have in the code. Only text (string) and json columns. */
const NARROW: Record<string, string> = {
  'autopay_debits.purpose': "'wallet_recharge' | 'subscription_renewal'",
  'autopay_debits.status': "'notified' | 'debiting' | 'paid' | 'failed' | 'cancelled' | 'refunded'",
  'autopay_mandates.provider': "'razorpay' | 'test'",
  'autopay_mandates.status': "'pending' | 'active' | 'paused' | 'revoked' | 'rejected'",
  'test_gateway_tokens.debits': "'success' | 'failure' | 'decline_later'",
  'catalogue_images.content_type': "'image/webp'",
  'consents.purpose': "'account' | 'whatsapp' | 'marketing'",
  'consents.channel': "'email-signup' | 'mobile-signup' | 'profile' | 'notification-preferences' | 'checkout' | 'api'",
  'account_deletions.status': "'scheduled' | 'erased'",
  'rider_action_keys.action': "'picked_up' | 'delivered' | 'failed'",
  'account_deletions.reason': "'customer' | 'inactive'",
  'data_exports.status': "'queued' | 'ready' | 'expired'",
  'privacy_grievances.status': "'open' | 'answered' | 'closed'",
  'coupons.applies_to': "'all' | 'signature' | 'custom'",
  'coupons.kind': "'percent' | 'flat'",
  'gateway_order_claims.gateway': "'razorpay' | 'test'",
  'gateway_order_claims.status': "'creating' | 'created' | 'not_created'",
  'delivery_slots.plan_type': "'all' | 'one_time' | 'subscription'",
  'ingredients.category': "'base' | 'greens' | 'fruit' | 'protein' | 'superfood' | 'sweetener'",
  'ingredients.stock_unit': "'g' | 'ml' | 'pc'",
  'mail_outbox.status': "'pending' | 'sent' | 'logged' | 'failed'",
  'notification_preferences.kind': "'order_confirmed' | 'out_for_delivery' | 'delivered' | 'payment_failed' | 'deliveries'",
  'otp_codes.purpose': "'signin' | 'change'",
  'password_resets.purpose': "'reset' | 'invite'",
  'order_deliveries.fail_reason': "'not_at_home' | 'address_not_found' | 'refused'",
  'order_events.actor': "'customer' | 'admin' | 'system' | 'gateway'",
  'order_events.status': 'OrderStatusColumn',
  'stock_movements.kind': "'received' | 'used' | 'wasted' | 'counted' | 'returned'",
  'order_lines.item_type': "'signature' | 'custom'",
  'orders.payment_method': "'razorpay' | 'cod' | 'free' | 'wallet'",
  'orders.payment_status': 'OrderPaymentStatusColumn',
  'orders.status': 'OrderStatusColumn',
  'payment_attempts.gateway': "'razorpay' | 'test'",
  'payment_attempts.status': 'PaymentAttemptStatus',
  'payments.status': 'PaymentRowStatus',
  'refunds.status': "'pending' | 'processed' | 'failed'",
  'reward_ledger.kind': 'RewardKind',
  'saved_shakes.recipe': 'JsonRecipe',
  'push_outbox.status': "'pending' | 'sent' | 'logged' | 'failed'",
  'push_outbox.payload': 'PushPayload',
  'sms_outbox.status': "'pending' | 'sent' | 'logged' | 'failed'",
  'sms_outbox.variables': 'Record<string, string>',
  'whatsapp_outbox.status': "'pending' | 'sent' | 'logged' | 'failed'",
  'whatsapp_outbox.variables': 'string[]',
  'whatsapp_outbox.delivery_status': "'sent' | 'delivered' | 'read' | 'failed'",
  'subscription_payments.kind': "'purchase' | 'renewal' | 'auto_renewal'",
  'subscription_payments.status': 'SubscriptionPaymentStatusColumn',
  'subscription_plans.free_unit_rule': 'FreeUnitRuleColumn',
  'wallet_ledger.kind': 'WalletKind',
  'wallet_top_ups.gateway': "'razorpay' | 'test'",
  'wallet_top_ups.status': "'created' | 'paid' | 'failed' | 'refunded'",
  'subscriptions.free_unit_rule': 'FreeUnitRuleColumn',
  'subscriptions.status': 'SubscriptionStatusColumn',
  'test_gateway_payments.status': "'captured' | 'failed' | 'refunded'",
  'user_cart_lines.item_type': "'signature' | 'custom'",
  'user_cart_lines.recipe': 'JsonRecipe',
  'users.role': "'customer' | 'admin' | 'manager' | 'kitchen' | 'rider' | 'support'",
  'webhook_deliveries.status': 'WebhookDeliveryStatusColumn',
};

const pascal = (table: string) => table.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** Replaces the base type of one column, keeping Generated<…> and `| null` as the database says. */
function narrow(source: string, key: string, to: string): string {
  const [table, column] = key.split('.') as [string, string];
  const iface = new RegExp(`(export interface ${pascal(table)} \\{\\n)([\\s\\S]*?)(\\n\\})`);
  const m = iface.exec(source);
  if (!m) throw new Error(`db-types: no table ${table} (NARROW names ${key})`);
  const line = new RegExp(`^(  ${column}: )(.+);$`, 'm');
  const body = m[2]!;
  const l = line.exec(body);
  if (!l) throw new Error(`db-types: no column ${key} in the migrated database`);
  const generatedWrap = /^Generated<(.+)>$/.exec(l[2]!);
  const inner = generatedWrap ? generatedWrap[1]! : l[2]!;
  const nullable = / \| null$/.test(inner);
  const base = inner.replace(/ \| null$/, '');
  if (base !== 'string' && base !== 'Json')
    throw new Error(`db-types: ${key} is ${base} in the database; NARROW only narrows text and json columns`);
  let t = nullable ? `${to} | null` : to;
  if (generatedWrap) t = `Generated<${t}>`;
  return source.replace(m[0], m[1] + body.replace(line, `$1${t};`) + m[3]);
}

export async function generateDatabaseTypes(): Promise<string> {
  const dbh = await createDatabase({ memory: true });
  try {
    await migrateToLatest(dbh.db);
    let out = await generate({
      db: dbh.db,
      dialect: new PostgresDialect({ dateParser: 'string', numericParser: 'number' }),
      outFile: null,
      print: false,
      // The shop's type parsers (db/database.ts): timestamps and dates stay ISO strings, int8 is a number.
      // Intervals (only the job engine's own columns, never read by the shop's code) stay unknown.
      typeMapping: { timestamptz: 'string', timestamp: 'string', int8: 'number', json: 'Json', jsonb: 'Json', interval: 'unknown' },
      skipAutogeneratedFileComment: true,
      logger: undefined,
    });
    // kysely-codegen declares its own Json (a JsonValue on insert); ours is written as a JSON string.
    out = out.replace(/export type Json = JsonValue;\n\n/, '').replace(/export type Json(Array|Object|Primitive|Value)[\s\S]*?;\n\n/g, '');
    for (const [key, to] of Object.entries(NARROW)) out = narrow(out, key, to);
    const used = [...new Set(Object.values(NARROW).filter((t) => /^[A-Z]\w+$/.test(t)))].sort();
    const text =
      '/**\n * Generated from the migrations by `npm run db:types` (scripts/db-types.ts, decision 106). Do not edit:\n' +
      ' * change a migration, or the narrowed column types in db/column-types.ts and scripts/db-types.ts.\n */\n' +
      out.replace(
        'import type { ColumnType } from "kysely";\n',
        `import type { ColumnType } from "kysely";\nimport type { ${['Json', ...used].join(', ')} } from "../column-types";\n`,
      );
    // In the house style, so that `npm run format` leaves it as generated.
    return prettier.format(text, { ...(await prettier.resolveConfig(OUT)), filepath: OUT });
  } finally {
    await dbh.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('db-types.ts')) {
  const fresh = await generateDatabaseTypes();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (current !== fresh) {
      console.error('db/generated/database.ts is not what the migrations give: run `npm run db:types` and commit it.');
      process.exit(1);
    }
    console.log('db/generated/database.ts matches the migrations.');
  } else {
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.writeFileSync(OUT, fresh);
    console.log(`Written ${path.relative(process.cwd(), OUT)}`);
  }
}
