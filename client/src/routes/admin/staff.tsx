import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { Modal } from '../../components/modal';
import { FormAlert } from '../../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { formatDate } from '../../../../shared/rules/dates';
import { ROLE_HINTS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../../shared/rules/staff';
import type { StaffMember } from '../../../../shared/schemas/staff';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, DialogButtons } from './admin-ui';

/**
 * /admin/staff (owner only, PRODUCT.md §17): invite people by e-mail with a role (they get a link to
 * set a password), change a role, disable or enable access. A change ends the person's sessions on
 * every server at once; every change is in the audit log.
 */
export default function AdminStaffPage() {
  usePageTitle('Staff');
  const utils = trpc.useUtils();
  const q = trpc.staff.list.useQuery();
  const invite = trpc.staff.invite.useMutation();
  const update = trpc.staff.update.useMutation();
  const [form, setForm] = useState({ name: '', email: '', mobile: '', role: 'rider' as StaffRole });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ member: StaffMember; role?: StaffRole; disabled?: boolean } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFields({});
    setError(null);
    setNotice(null);
    try {
      const r = await invite.mutateAsync({
        name: form.name,
        email: form.email,
        role: form.role,
        ...(form.mobile.trim() ? { mobile: form.mobile } : {}),
      });
      setNotice(`Invitation for ${r.member.name}. ${r.told}. The link works until ${formatDate(r.expiresAt, 'dayMonthTime')}.`);
      setForm({ name: '', email: '', mobile: '', role: form.role });
      await utils.staff.list.invalidate();
    } catch (err) {
      setFields(fieldErrorsOf(err));
      setError(messageOf(err, 'The invitation could not be sent. Please try again.'));
    }
  }

  async function apply() {
    if (!confirm) return;
    setError(null);
    setNotice(null);
    try {
      const r = await update.mutateAsync({
        id: confirm.member.id,
        ...(confirm.role ? { role: confirm.role } : {}),
        ...(confirm.disabled !== undefined ? { disabled: confirm.disabled } : {}),
      });
      setNotice(
        `${r.member.name}: ${r.member.disabled ? 'access disabled' : `${ROLE_LABELS[r.member.role]}, access on`}${r.sessionsEnded ? ` — signed out of ${r.sessionsEnded} session${r.sessionsEnded === 1 ? '' : 's'}` : ''}.`,
      );
      await utils.staff.list.invalidate();
    } catch (err) {
      setError(messageOf(err, 'The change could not be saved. Please try again.'));
    }
    setConfirm(null);
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  return (
    <AdminPage
      page="admin/staff"
      eyebrow="Team"
      title="Staff"
      intro="Everyone who works in the back office or rides for the shop. Each person sees and does only what their role allows."
    >
      <form className="card card--padded stack" onSubmit={submit} noValidate aria-label="Invite a staff member">
        <h2 className="h4">Invite someone</h2>
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '12px 20px', alignItems: 'start' }}>
          <Field label="Name" error={fields.name}>
            {(p) => <Input {...p} name="name" autoComplete="off" value={form.name} maxLength={80} onChange={set('name')} required />}
          </Field>
          <Field label="E-mail" error={fields.email}>
            {(p) => <Input {...p} name="email" type="email" autoComplete="off" value={form.email} onChange={set('email')} required />}
          </Field>
          <Field label="Mobile" hint="Riders: the customer's call button rings it" error={fields.mobile}>
            {(p) => (
              <Input {...p} name="mobile" type="tel" inputMode="tel" autoComplete="off" value={form.mobile} onChange={set('mobile')} />
            )}
          </Field>
          <Field label="Role" hint={ROLE_HINTS[form.role]} error={fields.role}>
            {(p) => (
              <Select {...p} name="role" value={form.role} onChange={set('role')}>
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>

      {q.isError ? <LoadError message={messageOf(q.error, 'The team could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      {/* On a phone the table scrolls sideways rather than squeezing e-mails into a column. */}
      <AdminTable label="Staff" wrapClassName="card" style={{ minWidth: 680 }} columns={['Person', 'Role', 'Last sign-in', 'Access']}>
        {q.data?.staff.map((m) => (
          <tr key={m.id} data-testid="staff-row" style={m.disabled ? { opacity: 0.65 } : undefined}>
            <td>
              <strong>{m.name}</strong>
              <span className="text-sm text-subtle" style={{ display: 'block' }}>
                {m.email}
                {m.mobile ? ` · ${m.mobile}` : ''}
              </span>
            </td>
            <td>
              {m.ownerByConfig ? (
                <span className="text-sm">Owner (admin e-mail list)</span>
              ) : (
                <Select
                  aria-label={`Role of ${m.name}`}
                  style={{ minWidth: '9rem' }}
                  value={m.role}
                  disabled={m.disabled}
                  onChange={(e) => setConfirm({ member: m, role: e.target.value as StaffRole })}
                >
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </Select>
              )}
            </td>
            <td className="text-sm">
              {m.lastSignInAt
                ? formatDate(m.lastSignInAt, 'dateTime')
                : m.invitePending
                  ? `Invited ${m.invitedAt ? formatDate(m.invitedAt, 'date') : ''}, not signed in yet`
                  : 'Never'}
            </td>
            <td style={{ whiteSpace: 'nowrap' }}>
              {m.ownerByConfig ? null : m.disabled ? (
                <Button variant="secondary" size="sm" onClick={() => setConfirm({ member: m, disabled: false })}>
                  Enable
                </Button>
              ) : (
                <Button variant="secondary" size="sm" onClick={() => setConfirm({ member: m, disabled: true })}>
                  Disable
                </Button>
              )}
            </td>
          </tr>
        ))}
        {q.data && q.data.staff.length === 0 ? <EmptyRow colSpan={4}>No staff yet. Invite someone above.</EmptyRow> : null}
      </AdminTable>

      <Modal
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={
          confirm?.disabled === true ? 'Disable this person?' : confirm?.disabled === false ? 'Enable this person?' : 'Change the role?'
        }
        footer={
          <DialogButtons cancel="Cancel" onCancel={() => setConfirm(null)} cancelVariant="ghost">
            <Button loading={update.isPending} onClick={() => void apply()}>
              {confirm?.disabled === true
                ? 'Disable'
                : confirm?.disabled === false
                  ? 'Enable'
                  : `Make ${confirm?.role ? ROLE_LABELS[confirm.role] : ''}`}
            </Button>
          </DialogButtons>
        }
      >
        <p className="text-muted">
          {confirm?.disabled === true
            ? `${confirm.member.name} is signed out everywhere at once and cannot sign in until enabled again.`
            : confirm?.disabled === false
              ? `${confirm?.member.name} can sign in again as ${confirm ? ROLE_LABELS[confirm.member.role] : ''}.`
              : `${confirm?.member.name} becomes ${confirm?.role ? ROLE_LABELS[confirm.role] : ''} (${confirm?.role ? ROLE_HINTS[confirm.role].toLowerCase() : ''}) and signs in again to use it.`}
        </p>
      </Modal>
    </AdminPage>
  );
}
