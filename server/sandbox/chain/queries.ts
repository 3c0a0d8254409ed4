import type { Queryable } from '../../db/index';
import type { ToncenterMessage } from './toncenter';

export type AccountState = 'uninitialized' | 'active' | 'frozen';

export interface AccountRow {
  address: string;
  balance: bigint;
  state: AccountState;
  /** base64 BOC, as tonlib serialises account code and data (null unless active). */
  code: string | null;
  data: string | null;
  last_lt: bigint;
  last_hash: string | null;
  /** The account's state as the TVM reads it: a ShardAccount cell, base64 BOC (null: see accountState). */
  shard_account: string | null;
  /** While the account refuses transfers (refuseTransfers): its own code, replaced by a throwing one. */
  refused_code: string | null;
}

const ACCOUNT_COLUMNS = 'address, balance, state, code, data, last_lt, last_hash, shard_account, refused_code';

export interface Block {
  seqno: bigint;
  utime: number;
}

/**
 * Opens the next block. The row lock it takes is held until the transaction ends, so chain writes
 * run one at a time and logical time grows in commit order, as in a real shard.
 */
export async function openBlock(q: Queryable, utime: number): Promise<Block> {
  const [row] = await q.query<{ block_seqno: bigint }>(
    'UPDATE chain_state SET block_seqno = block_seqno + 1, block_utime = $1 RETURNING block_seqno',
    [utime],
  );
  if (!row) throw new Error('chain_state row missing (migration 0002_dev_chain)');
  return { seqno: row.block_seqno, utime };
}

/** Takes the chain's write lock without opening a block (check-then-write sequences). */
export async function lockChain(q: Queryable): Promise<void> {
  await q.query('SELECT 1 FROM chain_state FOR UPDATE');
}

export async function lastBlock(q: Queryable): Promise<Block> {
  const [row] = await q.query<{ block_seqno: bigint; block_utime: bigint }>(
    'SELECT block_seqno, block_utime FROM chain_state',
  );
  return { seqno: row?.block_seqno ?? 0n, utime: Number(row?.block_utime ?? 0n) };
}

export async function findAccount(q: Queryable, address: string): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM chain_accounts WHERE address = $1`, [
    address,
  ]);
  return row;
}

/** The account's row, created uninitialized with zero balance when unknown, locked for this transaction. */
export async function lockAccount(q: Queryable, address: string): Promise<{ row: AccountRow; existed: boolean }> {
  const inserted = await q.query(
    'INSERT INTO chain_accounts (address) VALUES ($1) ON CONFLICT (address) DO NOTHING RETURNING 1',
    [address],
  );
  const [row] = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM chain_accounts WHERE address = $1 FOR UPDATE`,
    [address],
  );
  if (!row) throw new Error(`lockAccount: ${address} missing after insert`);
  return { row, existed: inserted.length === 0 };
}

/**
 * lockAccount for many accounts in two statements (the destinations of a transaction's messages); their
 * rows, by address. Locked in address order; chain writes run one at a time anyway (openBlock).
 */
export async function lockAccounts(q: Queryable, addresses: readonly string[]): Promise<Map<string, AccountRow>> {
  if (addresses.length === 0) return new Map();
  await q.query('INSERT INTO chain_accounts (address) SELECT unnest($1::text[]) ON CONFLICT (address) DO NOTHING', [
    addresses,
  ]);
  const rows = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM chain_accounts WHERE address = ANY($1::text[]) ORDER BY address FOR UPDATE`,
    [addresses],
  );
  if (rows.length !== new Set(addresses).size) throw new Error('lockAccounts: an account missing after insert');
  return new Map(rows.map((row) => [row.address, row]));
}

/** Writes the account's state (the ShardAccount and the reads' copy of it) and its refused code. */
export async function updateAccount(q: Queryable, row: AccountRow): Promise<void> {
  await q.query(
    `UPDATE chain_accounts
        SET balance = $2, state = $3, code = $4, data = $5, last_lt = $6, last_hash = $7,
            shard_account = $8, refused_code = $9, updated_at = now()
      WHERE address = $1`,
    [
      row.address,
      row.balance,
      row.state,
      row.code,
      row.data,
      row.last_lt,
      row.last_hash,
      row.shard_account,
      row.refused_code,
    ],
  );
}

/** updateAccount for many accounts in one statement (what one message and its consequences changed). */
export async function updateAccounts(q: Queryable, rows: readonly AccountRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof AccountRow>(key: K) =>
    rows.map((row) => (typeof row[key] === 'bigint' ? String(row[key]) : row[key]));
  await q.query(
    `UPDATE chain_accounts a
        SET balance = u.balance, state = u.state, code = u.code, data = u.data, last_lt = u.last_lt,
            last_hash = u.last_hash, shard_account = u.shard_account, refused_code = u.refused_code, updated_at = now()
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[])
            AS u(address, balance, state, code, data, last_lt, last_hash, shard_account, refused_code)
      WHERE a.address = u.address`,
    [
      column('address'),
      column('balance'),
      column('state'),
      column('code'),
      column('data'),
      column('last_lt'),
      column('last_hash'),
      column('shard_account'),
      column('refused_code'),
    ],
  );
}

export interface NewTransaction {
  account: string;
  lt: bigint;
  hash: string;
  utime: number;
  balanceDelta: bigint;
  balanceAfter: bigint;
  fee: bigint;
  storageFee: bigint;
  inMsgHash: string;
  inMsg: ToncenterMessage;
  outMsgs: ToncenterMessage[];
  boc: string;
}

/** Stores these transactions, in one statement. */
export async function insertTransactions(q: Queryable, list: readonly NewTransaction[]): Promise<void> {
  if (list.length === 0) return;
  const column = <K extends keyof NewTransaction>(key: K, as: (value: NewTransaction[K]) => unknown = String) =>
    list.map((tx) => as(tx[key]));
  await q.query(
    `INSERT INTO chain_transactions
       (account, lt, hash, utime, balance_delta, balance_after, fee, storage_fee, in_msg_hash, in_msg, out_msgs, boc)
     SELECT account, lt, hash, utime, balance_delta, balance_after, fee, storage_fee, in_msg_hash, in_msg::jsonb, out_msgs::jsonb, boc
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[],
                   $9::text[], $10::text[], $11::text[], $12::text[])
            AS t(account, lt, hash, utime, balance_delta, balance_after, fee, storage_fee, in_msg_hash, in_msg, out_msgs, boc)`,
    [
      column('account'),
      column('lt'),
      column('hash'),
      column('utime'),
      column('balanceDelta'),
      column('balanceAfter'),
      column('fee'),
      column('storageFee'),
      column('inMsgHash'),
      column('inMsg', (m) => JSON.stringify(m)),
      column('outMsgs', (m) => JSON.stringify(m)),
      column('boc'),
    ],
  );
}

export async function messageApplied(q: Queryable, messageHash: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM chain_transactions WHERE in_msg_hash = $1', [messageHash])).length > 0;
}

export interface TransactionRow {
  account: string;
  lt: bigint;
  hash: string;
  utime: bigint;
  fee: bigint;
  storage_fee: bigint;
  in_msg: ToncenterMessage | null;
  out_msgs: ToncenterMessage[];
  boc: string;
}

export async function transactionExists(q: Queryable, account: string, lt: bigint, hash: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM chain_transactions WHERE account = $1 AND lt = $2 AND hash = $3', [
    account,
    lt,
    hash,
  ]);
  return rows.length > 0;
}

/** Newest first: lt ≤ fromLt (when given) and lt > toLt. */
export async function listTransactionRows(
  q: Queryable,
  account: string,
  opts: { limit: number; fromLt: bigint | null; toLt: bigint },
): Promise<TransactionRow[]> {
  return q.query<TransactionRow>(
    `SELECT account, lt, hash, utime, fee, storage_fee, in_msg, out_msgs, boc
       FROM chain_transactions
      WHERE account = $1 AND ($2::bigint IS NULL OR lt <= $2::bigint) AND lt > $3
      ORDER BY lt DESC
      LIMIT $4`,
    [account, opts.fromLt, opts.toLt, opts.limit],
  );
}

/** Sum of an account's balance changes: what its balance must equal. */
export async function transactionBalanceSum(q: Queryable, account: string): Promise<bigint> {
  const [row] = await q.query<{ total: bigint }>(
    'SELECT COALESCE(SUM(balance_delta), 0)::bigint AS total FROM chain_transactions WHERE account = $1',
    [account],
  );
  return row?.total ?? 0n;
}
