import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<string, string | undefined, string>;
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  username: string | null;
  name: Generated<string>;
  mobile: string | null;
  role: Generated<'customer' | 'admin'>;
  disabled: Generated<boolean>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Generated<string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  created_at: Generated<string>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_email: string;
  to_name: string | null;
  subject: string;
  html: string;
  text: string;
  template: string;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<string>;
  sent_at: string | null;
  /** Added by the auth migration: claim/backoff for the mail worker, and Brevo's message id. */
  next_attempt_at: string | null;
  provider_message_id: string | null;
}

export interface SeedRunsTable {
  name: string;
  ran_at: Generated<string>;
}

export interface FoundationTables {
  users: UsersTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  mail_outbox: MailOutboxTable;
  seed_runs: SeedRunsTable;
}
