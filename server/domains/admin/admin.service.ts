import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { maskMobile } from '../notifications/notify.service';
import { kickMail } from '../../lib/mail';
import type {
  AdminPasswordResetInput,
  CustomerDetail,
  CustomersListInput,
  Dashboard,
  DashboardMetric,
  DetailSection,
} from '../../../shared/schemas/auth';
import * as auth from '../auth/auth.service';
import * as repo from './admin.repository';
import { DASHBOARD_PROVIDERS } from './dashboard.providers';
import { CUSTOMER_SECTIONS } from './customer-sections';
import { RANGE_DAYS, type DashboardReport, type DashboardReportInput, type DashboardTotals } from '../../../shared/schemas/dashboard';
import { addDays, istToday } from '../../../shared/rules/slots';
import * as orderReports from '../orders/orders.reports';
import * as users from '../users/users.service';
import * as delivery from '../slots/slots.service';
import * as catalogue from '../catalogue/catalogue.service';
import { countActiveSubscribers } from '../subscriptions/subscriptions.service';
import * as subscriptionReports from '../subscriptions/subscriptions.reports';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { recordAudit } from '../audit/audit.service';

type Deps = AppDeps;

export async function dashboard(deps: Deps): Promise<Dashboard> {
  const now = deps.clock.now();
  const metrics: DashboardMetric[] = [];
  // One after another: on PGlite there is one connection, and providers are few.
  for (const p of DASHBOARD_PROVIDERS) {
    try {
      metrics.push(...(await p.metrics({ db: deps.db, now })));
    } catch (e) {
      deps.log.error({ err: e, provider: p.name }, 'dashboard provider failed; its figures are left out');
    }
  }
  const value = (key: string) => metrics.find((m) => m.key === key)?.value ?? 0;
  return {
    generatedAt: now.toISOString(),
    counts: { customers: value('customers.total'), shakes: value('catalogue.shakes'), ingredients: value('catalogue.ingredients') },
    metrics,
  };
}

/** The instant an IST calendar day starts. */
const istStart = (date: string) => new Date(`${date}T00:00:00+05:30`).toISOString();

/**
 * GET /api/admin/dashboard/report — revenue, orders and average order value per IST day over the
 * range, the same figures for the period just before it, orders by status, the next 7 days' slot
 * fill, top shakes, new customers and active subscribers. Each figure comes from its own domain's
 * service; the reads run one after another (PGlite has one connection).
 */
export async function dashboardReport(deps: Deps, input: DashboardReportInput): Promise<DashboardReport> {
  const now = deps.clock.now();
  const days = RANGE_DAYS[input.range];
  const to = istToday(now);
  const from = addDays(to, -(days - 1));
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(from, -days);
  const [fromIso, toIso, prevIso] = [istStart(from), istStart(addDays(to, 1)), istStart(previousFrom)];

  const sales = await orderReports.salesByDay(deps, prevIso, toIso);
  const planSales = await subscriptionReports.subscriptionSalesByDay(deps, prevIso, toIso);
  const joined = await users.newCustomersByDay(deps, prevIso, toIso);
  const byDay = new Map(sales.map((r) => [r.day, r]));
  const plansByDay = new Map(planSales.map((r) => [r.day, r.revenue]));
  const joinedByDay = new Map(joined.map((r) => [r.day, r.count]));
  const series = (start: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const date = addDays(start, i);
      const s = byDay.get(date);
      const orders = s?.orders ?? 0;
      const earned = s?.earned ?? 0;
      const orderRevenue = s?.revenue ?? 0;
      const subscriptionRevenue = plansByDay.get(date) ?? 0;
      return {
        date,
        revenue: orderRevenue + subscriptionRevenue,
        orderRevenue,
        subscriptionRevenue,
        orders,
        earned,
        // Orders whose money is in (cash on delivery once delivered) only: a plan is not an order.
        aov: earned ? Math.round(orderRevenue / earned) : 0,
        newCustomers: joinedByDay.get(date) ?? 0,
      };
    });
  const total = (rows: ReturnType<typeof series>): DashboardTotals => {
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
    const orders = sum((r) => r.orders);
    const earned = sum((r) => r.earned);
    const orderRevenue = sum((r) => r.orderRevenue);
    return {
      revenue: sum((r) => r.revenue),
      orderRevenue,
      subscriptionRevenue: sum((r) => r.subscriptionRevenue),
      orders,
      aov: earned ? Math.round(orderRevenue / earned) : 0,
      newCustomers: sum((r) => r.newCustomers),
    };
  };
  const current = series(from, days);

  return {
    generatedAt: now.toISOString(),
    range: input.range,
    from,
    to,
    previousFrom,
    previousTo,
    days: current.map(({ earned: _earned, ...d }) => d),
    totals: total(current),
    previous: total(series(previousFrom, days)),
    ordersByStatus: await orderReports.ordersByStatus(deps, fromIso, toIso),
    slotFill: await delivery.slotFill(deps, to, addDays(to, 6)),
    topShakes: await orderReports.topShakes(deps, fromIso, toIso, 5),
    activeSubscribers: await countActiveSubscribers(deps),
    customers: await users.countCustomers(deps),
    catalogue: await catalogue.countActive(deps),
  };
}

export async function listCustomers(deps: Deps, staff: AuthUser, input: CustomersListInput, resHeaders: Record<string, string>) {
  // A list that may lag: a read replica when there is one, the primary for staff who just wrote (decision 176).
  const { rows, total } = await deps.reads.run(staff.id, (db) =>
    repo.listCustomers(db, {
      search: input.search || undefined,
      role: input.role,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    }),
  );
  resHeaders['X-Total-Count'] = String(total);
  // Numbers masked: the full one only through Show, which is logged (decision 275).
  return { customers: rows.map((r) => ({ ...r, mobile: r.mobile ? maskMobile(r.mobile) : null })), totalCount: total };
}

export async function customerDetail(deps: Deps, id: string): Promise<CustomerDetail> {
  const row = await repo.customerById(deps.db, id);
  if (!row) throw notFound('That customer');
  const { password_hash, ...summary } = row;
  const providers = [...new Set([...(password_hash ? ['password'] : []), ...(await repo.providersOf(deps.db, id))])];
  const sections: DetailSection[] = [];
  for (const p of CUSTOMER_SECTIONS) {
    try {
      const s = await p.section({ db: deps.db, userId: id, now: deps.clock.now() });
      if (s) sections.push(s);
    } catch (e) {
      deps.log.error({ err: e, provider: p.name }, 'customer section failed; left out');
    }
  }
  return {
    customer: {
      ...summary,
      mobile: summary.mobile ? maskMobile(summary.mobile) : null,
      has_password: !!password_hash,
      providers,
      active_sessions: await repo.activeSessionCount(deps.db, id),
    },
    sections,
  };
}

/** Send a customer a reset link (the admin never sees the token); audited. */
export async function sendPasswordReset(deps: Deps, actor: AuthUser, input: AdminPasswordResetInput, ip: string) {
  const target = input.userId ? { id: input.userId } : await repo.customerByEmail(deps.db, input.email!);
  if (!target) throw notFound('A customer with that e-mail');
  const result = await withTransactionRetry(deps, async (trx) => {
    const user = await auth.findUserForReset(trx, target.id);
    if (!user) throw notFound('That customer');
    if (user.disabled) throw new AppError('INVALID_STATE', 'This account is disabled; enable it before sending a reset link.');
    const { expiresAt } = await auth.createReset(trx, deps, user, actor.id, ip, deps.clock.now());
    await recordAudit(trx, actor, {
      action: 'customer.password_reset_sent',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, expiresAt },
    });
    return { sentTo: user.email ?? '', expiresAt };
  });
  void kickMail(deps);
  return { ok: true as const, ...result };
}

/** "Sign out everywhere": every session of the customer ends at once on every instance; audited. */
export async function signOutEverywhere(deps: Deps, actor: AuthUser, id: string) {
  const now = deps.clock.now();
  const ended = await withTransactionRetry(deps, async (trx) => {
    const user = await auth.findUserForReset(trx, id);
    if (!user) throw notFound('That customer');
    const count = await auth.endAllSessions(trx, user.id, now);
    await recordAudit(trx, actor, {
      action: 'customer.signed_out_everywhere',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, sessionsEnded: count },
    });
    return count;
  });
  return { ok: true as const, sessionsEnded: ended };
}
