import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
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

export async function listCustomers(deps: Deps, input: CustomersListInput, resHeaders: Record<string, string>) {
  const { rows, total } = await repo.listCustomers(deps.db, {
    search: input.search || undefined,
    role: input.role,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  resHeaders['X-Total-Count'] = String(total);
  return { customers: rows, totalCount: total };
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
    customer: { ...summary, has_password: !!password_hash, providers, active_sessions: await repo.activeSessionCount(deps.db, id) },
    sections,
  };
}

/** Send a customer a reset link (the admin never sees the token); audited. */
export async function sendPasswordReset(deps: Deps, actor: AuthUser, input: AdminPasswordResetInput, ip: string) {
  const target = input.userId ? { id: input.userId } : await repo.customerByEmail(deps.db, input.email!);
  if (!target) throw notFound('A customer with that e-mail');
  const result = await deps.db.transaction().execute(async (trx) => {
    const user = await auth.findUserForReset(trx, target.id);
    if (!user) throw notFound('That customer');
    if (user.disabled) throw new AppError('INVALID_STATE', 'This account is disabled; enable it before sending a reset link.');
    const { expiresAt } = await auth.createReset(trx, deps, user, actor.id, ip, deps.clock.now());
    await repo.writeAudit(trx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'customer.password_reset_sent',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, expiresAt },
    });
    return { sentTo: user.email, expiresAt };
  });
  void kickMail(deps);
  return { ok: true as const, ...result };
}
