import { useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Checkbox, Field, Input } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { Modal } from '../../components/modal';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { formatDate } from '../../../../shared/rules/dates';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKey, type ApiKeyScope } from '../../../../shared/schemas/api-keys';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, DialogButtons } from './admin-ui';

/**
 * /admin/api-keys: secret keys for integrators (decision 094). A new key's secret is shown once, in a
 * dialog; the list shows only its first characters, scopes, last use and calls in 30 days.
 */
export default function AdminApiKeysPage() {
  usePageTitle('API keys');
  const utils = trpc.useUtils();
  const q = trpc.apiKeys.list.useQuery();
  const create = trpc.apiKeys.create.useMutation();
  const revoke = trpc.apiKeys.revoke.useMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders:read']);
  const { error, fields, run, setError } = useFormSubmit();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<ApiKey | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      async () => {
        const r = await create.mutateAsync({ name, scopes });
        setSecret({ name: r.key.name, value: r.secret });
        setCopied(false);
        setName('');
        await utils.apiKeys.list.invalidate();
      },
      { fallback: 'The key could not be created. Please try again.' },
    );
  }

  async function doRevoke(k: ApiKey) {
    try {
      await revoke.mutateAsync({ id: k.id });
      setConfirm(null);
      await utils.apiKeys.list.invalidate();
    } catch (err) {
      setError(messageOf(err, 'The key could not be revoked. Please try again.'));
      setConfirm(null);
    }
  }

  const toggle = (s: ApiKeyScope, on: boolean) => setScopes((cur) => (on ? [...new Set([...cur, s])] : cur.filter((x) => x !== s)));

  return (
    <AdminPage
      page="admin/api-keys"
      eyebrow="Integrations"
      title="API keys"
      intro={
        <>
          Secret keys let another system call the shop&rsquo;s REST API as <code>Authorization: Bearer hs_live_…</code>, limited to the
          scopes you choose. Every call is recorded.
        </>
      }
    >
      <form className="card card--padded stack" onSubmit={submit} noValidate aria-label="Create an API key">
        <h2 className="h4">New key</h2>
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        <Field label="Name" hint="What the key is for, e.g. the warehouse sync" error={fields.name}>
          {(p) => <Input {...p} name="name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} required />}
        </Field>
        <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="text-sm" style={{ fontWeight: 600, marginBottom: 8 }}>
            Scopes
          </legend>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: '10px 24px' }}>
            {API_KEY_SCOPES.map((s) => (
              <Checkbox
                key={s}
                name="scopes"
                value={s}
                checked={scopes.includes(s)}
                onChange={(e) => toggle(s, e.target.checked)}
                label={
                  <span>
                    {API_KEY_SCOPE_LABELS[s].label}
                    <span className="text-sm text-subtle" style={{ display: 'block' }}>
                      {API_KEY_SCOPE_LABELS[s].hint}
                    </span>
                  </span>
                }
              />
            ))}
          </div>
          {fields.scopes ? <p className="text-sm text-danger">{fields.scopes}</p> : null}
        </fieldset>
        <div>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </div>
      </form>

      {q.isError ? <LoadError message={messageOf(q.error, 'The keys could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      <AdminTable
        label="API keys"
        wrapClassName="card"
        columns={['Key', 'Scopes', 'Last used', 'Calls (30 days)', { label: 'Actions', hidden: true }]}
      >
        {q.data?.keys.map((k) => (
          <tr key={k.id} data-testid="api-key-row" style={k.revokedAt ? { opacity: 0.6 } : undefined}>
            <td>
              <strong>{k.name}</strong>
              <span className="text-sm text-subtle" style={{ display: 'block' }}>
                <code>{k.displayPrefix}…</code> · created {formatDate(k.createdAt, 'date')}
                {k.createdBy ? ` by ${k.createdBy}` : ''}
              </span>
            </td>
            <td className="text-sm">{k.scopes.map((s) => API_KEY_SCOPE_LABELS[s].label).join(', ')}</td>
            <td className="text-sm">
              {k.lastUsedAt ? `${formatDate(k.lastUsedAt, 'dateTime')}${k.lastUsedIp ? ` · ${k.lastUsedIp}` : ''}` : 'Never'}
            </td>
            <td className="tabular">{k.uses30d.toLocaleString('en-IN')}</td>
            <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
              {k.revokedAt ? (
                <span className="text-sm text-subtle">Revoked {formatDate(k.revokedAt, 'date')}</span>
              ) : (
                <Button variant="secondary" size="sm" onClick={() => setConfirm(k)}>
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        ))}
        {q.data && q.data.keys.length === 0 ? (
          <EmptyRow colSpan={5}>No keys yet. Create one above for each system that calls the shop.</EmptyRow>
        ) : null}
      </AdminTable>

      <Modal
        open={!!secret}
        onClose={() => setSecret(null)}
        title="Copy the key now"
        testId="api-key-secret"
        footer={<Button onClick={() => setSecret(null)}>Done</Button>}
      >
        <p className="text-muted">
          This is the only time the key <strong>{secret?.name}</strong> is shown. Store it in the other system&rsquo;s secret settings; if
          it is lost, revoke it and create a new one.
        </p>
        <p style={{ wordBreak: 'break-all', background: 'var(--color-surface-muted, #f3f7f4)', padding: 12, borderRadius: 8 }}>
          <code data-testid="api-key-secret-value">{secret?.value}</code>
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(secret?.value ?? '').then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy to clipboard'}
        </Button>
      </Modal>

      <Modal
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title="Revoke this key?"
        footer={
          <DialogButtons cancel="Keep it" onCancel={() => setConfirm(null)} cancelVariant="ghost">
            <Button loading={revoke.isPending} onClick={() => confirm && void doRevoke(confirm)}>
              Revoke key
            </Button>
          </DialogButtons>
        }
      >
        <p className="text-muted">
          Calls with <strong>{confirm?.name}</strong> (<code>{confirm?.displayPrefix}…</code>) will be refused at once, on every server.
          This cannot be undone.
        </p>
      </Modal>
    </AdminPage>
  );
}
