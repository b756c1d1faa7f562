import type { Generated } from 'kysely';

/** Times are UTC epoch milliseconds (bigint columns, read back as numbers). */
export interface ProviderTable {
  id: number;
  name: string;
  created_at: number;
}

export interface CurrencyTable {
  code: string;
  name: string;
  sort: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** Normalised comma-separated permission codes. Ignored for the super role (id 1), which holds all. */
  permission: string;
  created_at: number;
  updated_at: number;
}

export interface AccountTable {
  id: Generated<number>;
  account: string;
  nickname: string;
  introduction: string;
  password_hash: string;
  role_id: number;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface AccountProviderTable {
  account_id: number;
  provider_id: number;
}

export interface AccountCurrencyTable {
  account_id: number;
  currency_code: string;
}

export interface SessionTable {
  id: Generated<number>;
  /** Hex SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  account_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_id: number;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  /** JSON object without secrets. */
  detail: string;
  ip: string;
}

/** A day's rate of a currency against USD (`0008_exchange_rates`). */
export interface ExchangeRateTable {
  day: string;
  currency: string;
  /** Units of the currency one USD buys that day. */
  rate: number;
  updated_at: number;
  /** The account name of who set it. */
  updated_by: string;
}

/** A browser remembered after it signed in to an account (a device cookie, stored as its hash). */
export interface LoginDeviceTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  created_at: number;
  last_used_at: number;
}

/** A wall screen's display token (`0015_display_tokens`); the token itself is never stored. */
export interface DisplayTokenTable {
  id: Generated<number>;
  token_hash: string;
  state: 'pending' | 'active' | 'revoked';
  /** The pairing code while pending (normalised, no dash); null once approved. */
  pair_code: string | null;
  pair_expires_at: number | null;
  label: string;
  name: string;
  role_id: number | null;
  role_name: string;
  /** Comma-separated provider ids. */
  providers: string;
  created_at: number;
  created_ip: string;
  user_agent: string;
  approved_at: number | null;
  approved_by: string;
  revoked_at: number | null;
  revoked_by: string;
  last_seen_at: number | null;
  last_ip: string;
}

/** The Kysely database type of the gateway. */
/** Kysely type of `game_table` (migration `0019_game_tables`). */
export interface GameTableTable {
  id: Generated<number>;
  game_id: number;
  table_id: string;
  name: string;
  name_key: string;
  type: number;
  enabled: number;
  icon_type: string;
  icon_size: number;
  icon_hash: string;
  icon_data: Uint8Array;
  created_at: number;
  created_by: string;
  updated_at: number;
  updated_by: string;
}

export interface Database {
  provider: ProviderTable;
  currency: CurrencyTable;
  role: RoleTable;
  account: AccountTable;
  account_provider: AccountProviderTable;
  account_currency: AccountCurrencyTable;
  session: SessionTable;
  audit_log: AuditLogTable;
  exchange_rate: ExchangeRateTable;
  login_device: LoginDeviceTable;
  display_token: DisplayTokenTable;
  game_table: GameTableTable;
}
