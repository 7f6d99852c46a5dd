import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { FormAlert } from '../../features/auth/forms';
import { useFormSubmit } from '../../lib/use-form-submit';
import { formatDate } from '../../../../shared/rules/dates';
import { AdminPage } from './admin-ui';

/** /admin/password-reset: e-mail a customer a reset link. The admin never sees the token; the action is audited. */
export default function AdminPasswordResetPage() {
  usePageTitle('Password reset');
  const search = useSearch();
  const [email, setEmail] = useState(() => new URLSearchParams(search).get('email') ?? '');
  const send = trpc.admin.passwordReset.useMutation();
  const [done, setDone] = useState<string | null>(null);
  const { error, fields, run } = useFormSubmit();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    await run(
      async () => {
        const r = await send.mutateAsync({ email });
        setDone(`Sent to ${r.sentTo}. The link works once, until ${formatDate(r.expiresAt, 'time')}.`);
      },
      { fallback: 'The link could not be sent. Please try again.' },
    );
  }

  return (
    <AdminPage
      page="admin/password-reset"
      className="admin-narrow"
      eyebrow="Support"
      title="Password reset"
      intro="Send a customer a link to set a new password. All their devices are signed out when they use it."
    >
      <form className="card card--padded stack" onSubmit={submit} noValidate aria-label="Send a reset link">
        {done ? <FormAlert kind="success">{done}</FormAlert> : null}
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        <Field label="Customer e-mail" error={fields.email}>
          {(p) => (
            <Input {...p} name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} required />
          )}
        </Field>
        <div>
          <Button type="submit" loading={send.isPending}>
            Send reset link
          </Button>
        </div>
      </form>
    </AdminPage>
  );
}
