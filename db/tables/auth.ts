import type { Generated } from 'kysely';

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  provider: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<string>;
  last_used_at: Generated<string>;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: Generated<string>;
  expires_at: string;
  rotated_at: string | null;
}

export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Generated<string>;
  last_sign_in_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: string;
  token_hash: string;
  requested_by: string | null;
  ip: string | null;
  created_at: Generated<string>;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitBucketsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  token_hash: string;
  display_prefix: string;
  scopes: string[];
  created_by: string | null;
  created_at: Generated<string>;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface ApiKeyUsesTable {
  id: Generated<number>;
  key_id: string;
  minute: string;
  operation: string;
  count: number;
  refused: Generated<number>;
  last_ip: string | null;
}

/** The accounts tables (the outbox columns the mail worker adds are declared in foundation.ts). */
export interface AuthTables {
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  user_identities: UserIdentitiesTable;
  password_resets: PasswordResetsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  api_keys: ApiKeysTable;
  api_key_uses: ApiKeyUsesTable;
}
