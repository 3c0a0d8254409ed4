import type { Withdrawal } from '@/shared/api';

/** A queued 50-token sale for 0.49 TON to a testnet wallet, made at 1 790 000 000 + id. */
export const withdrawal = (id: number, overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  source: 'balance_token',
  from_ref_balance: false,
  from_task_balance: false,
  token_amount: '50',
  ton_amount: '0.49',
  fee: '0.01',
  address: '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEw6',
  status: 'queued',
  tx_hash: null,
  created_at: 1_790_000_000 + id,
  updated_at: 1_790_000_000 + id,
  ...overrides,
});
