import type { Generated } from 'kysely';

export type RewardKind = 'earn' | 'redeem' | 'reverse' | 'give_back' | 'adjust';

export interface RewardBalancesTable {
  user_id: string;
  balance: Generated<number>;
  updated_at: Generated<string>;
}

export interface RewardLedgerTable {
  id: Generated<string>;
  user_id: string;
  kind: RewardKind;
  points: number;
  order_id: string | null;
  reason: string;
  note: string | null;
  actor_id: string | null;
  created_at: Generated<string>;
  seq: Generated<number>;
}

export interface RewardsTables {
  reward_balances: RewardBalancesTable;
  reward_ledger: RewardLedgerTable;
}
