/**
 * Highload wallet v3, the TON core team's wallet for payment processors (docs/deploy.md, the hot wallet;
 * docs/security.md, payouts): one external message carries a `query_id` (13-bit shift, 10-bit bit number)
 * and a `created_at`, and the contract accepts it once — only while `created_at` is within its `timeout` of
 * the block's time (created_at > now - timeout, created_at <= now) and the query id's bit is not set — then
 * sends one message of the wallet's choosing. Here that message is an `internal_transfer` to itself whose
 * action list (up to 254 messages) the contract installs as its own actions in a second transaction: the
 * payouts leave in that one, not in the external's.
 *
 * The code is the contract as published, not rebuilt: build/HighloadWalletV3.compiled.json of
 * github.com/ton-blockchain/highload-wallet-contract-v3 at commit f5d9b592bd5ab5c9ae6ca627819929e140f6bd61
 * (contracts/highload-wallet-v3.func; the layout below follows its wrappers/HighloadWalletV3.ts and
 * HighloadQueryId.ts). Its code hash is HIGHLOAD_V3_CODE_HASH, the repository's own `hash`; the cell is
 * checked against it when it is first used (the payout job's start), and tests/server/highload-wallet.test.ts
 * recomputes it.
 */
import {
  type Address,
  Cell,
  type MessageRelaxed,
  type OutActionSendMsg,
  type StateInit,
  beginCell,
  contractAddress,
  internal,
  storeMessageRelaxed,
  storeOutList,
} from '@ton/core';
import { sign } from '@ton/crypto';

const HIGHLOAD_V3_CODE_HEX = [
  'b5ee9c7241021001000228000114ff00f4a413f4bcf2c80b01020120020d02014803040078d020d74bc00101c060b0915be1',
  '01d0d3030171b0915be0fa4030f828c705b39130e0d31f018210ae42e5a4ba9d8040d721d74cf82a01ed55fb04e030020120',
  '050a02027306070011adce76a2686b85ffc00201200809001aabb6ed44d0810122d721d70b3f0018aa3bed44d08307d721d7',
  '0b1f0201200b0c001bb9a6eed44d0810162d721d70b15800e5b8bf2eda2edfb21ab09028409b0ed44d0810120d721f404f40',
  '4d33fd315d1058e1bf82325a15210b99f326df82305aa0015a112b992306dde923033e2923033e25230800df40f6fa19ed02',
  '1d721d70a00955f037fdb31e09130e259800df40f6fa19cd001d721d70a00937fdb31e0915be270801f6f2d48308d718d121',
  'f900ed44d0d3ffd31ff404f404d33fd315d1f82321a15220b98e12336df82324aa00a112b9926d32de58f82301de541675f9',
  '10f2a106d0d31fd4d307d30cd309d33fd315d15168baf2a2515abaf2a6f8232aa15250bcf2a304f823bbf2a35304800df40f',
  '6fa199d024d721d70a00f2649130e20e01fe5309800df40f6fa18e13d05004d718d20001f264c858cf16cf8301cf168e1030',
  'c824cf40cf8384095005a1a514cf40e2f800c94039800df41704c8cbff13cb1ff40012f40012cb3f12cb15c9ed54f80f21d0',
  'd30001f265d3020171b0925f03e0fa4001d70b01c000f2a5fa4031fa0031f401fa0031fa00318060d721d300010f0020f265',
  'd2000193d431d19130e272b1fb00b585bf03',
].join('');

/** The code cell's hash (hex), as the repository's compiled.json gives it. */
export const HIGHLOAD_V3_CODE_HASH = '11acad7955844090f283bf238bc1449871f783e7cc0979408d3f4859483e8525';

/** The cell `hex` holds, refused unless its hash is `hash`: a changed constant never signs a transfer. */
export function checkedCode(hex: string, hash: string): Cell {
  const [cell] = Cell.fromBoc(Buffer.from(hex, 'hex'));
  if (!cell || cell.hash().toString('hex') !== hash) {
    throw new Error(
      `The highload wallet v3 code does not hash to ${hash} (got ${cell?.hash().toString('hex') ?? 'nothing'}): refusing to use it`,
    );
  }
  return cell;
}

let code: Cell | undefined;

/** The published contract's code, checked against HIGHLOAD_V3_CODE_HASH on first use. */
export function highloadV3Code(): Cell {
  code ??= checkedCode(HIGHLOAD_V3_CODE_HEX, HIGHLOAD_V3_CODE_HASH);
  return code;
}

/** The contract's internal_transfer op (contracts/highload-wallet-v3.func). */
export const OP_INTERNAL_TRANSFER = 0xae42e5a4;

/** The subwallet id the repository's README recommends (distinct from other wallets' ids). */
export const HIGHLOAD_SUBWALLET_ID = 0x10ad;

/**
 * The window an external is accepted in, seconds (part of the state init, so of the address). The README
 * recommends 1 to 24 hours; an hour keeps a lost batch's proof of expiry an hour away at most.
 */
export const HIGHLOAD_TIMEOUT_SECONDS = 3600;

/** Actions one internal_transfer carries (the action list's limit is 255; the wrapper keeps one for chaining). */
export const HIGHLOAD_MAX_MESSAGES = 254;

/** Distinct query ids: shift 0..8191 × bit number 0..1022; the last one is left for an emergency (HighloadQueryId.ts). */
export const HIGHLOAD_QUERY_IDS = 8191 * 1023 + 1023 - 1;

/** The query id of the `n`th batch (n ≥ 0): HighloadQueryId.fromSeqno, cycling through HIGHLOAD_QUERY_IDS. */
export function highloadQueryId(n: bigint): bigint {
  const seqno = n % BigInt(HIGHLOAD_QUERY_IDS);
  return ((seqno / 1023n) << 10n) + (seqno % 1023n);
}

/** The emergency query id (shift 8191, bit number 1022), never a batch's. */
export const HIGHLOAD_EMERGENCY_QUERY_ID = (8191n << 10n) + 1022n;

export interface HighloadWalletV3 {
  address: Address;
  init: StateInit;
  timeout: number;
  subwalletId: number;
  /**
   * The signed external body: `messages` (each with `mode`) in one internal_transfer to itself, sent with
   * mode 128 (it carries the whole balance, from which the actions pay), under `queryId` and `createdAt`.
   */
  externalBody(args: { queryId: bigint; createdAt: number; messages: MessageRelaxed[]; mode: number }): Cell;
}

export function highloadWalletV3(
  publicKey: Buffer,
  secretKey: Buffer,
  options: { subwalletId?: number; timeout?: number } = {},
): HighloadWalletV3 {
  const subwalletId = options.subwalletId ?? HIGHLOAD_SUBWALLET_ID;
  const timeout = options.timeout ?? HIGHLOAD_TIMEOUT_SECONDS;
  // public_key:256 subwallet_id:32 old_queries:(Maybe ^Cell) queries:(Maybe ^Cell) last_clean_time:64 timeout:22
  const data = beginCell()
    .storeBuffer(publicKey, 32)
    .storeUint(subwalletId, 32)
    .storeUint(0, 1 + 1 + 64)
    .storeUint(timeout, 22)
    .endCell();
  const init: StateInit = { code: highloadV3Code(), data };
  const address = contractAddress(0, init);
  return {
    address,
    init,
    timeout,
    subwalletId,
    externalBody({ queryId, createdAt, messages, mode }) {
      if (messages.length > HIGHLOAD_MAX_MESSAGES)
        throw new Error(`at most ${HIGHLOAD_MAX_MESSAGES} messages per transfer`);
      const actions: OutActionSendMsg[] = messages.map((outMsg) => ({ type: 'sendMsg', mode, outMsg }));
      const body = beginCell()
        .storeUint(OP_INTERNAL_TRANSFER, 32)
        .storeUint(queryId, 64)
        .storeRef(beginCell().store(storeOutList(actions)).endCell())
        .endCell();
      const toSelf = internal({ to: address, value: 0n, body });
      // subwallet_id:32 message:^Cell send_mode:8 query_id:23 created_at:64 timeout:22
      const inner = beginCell()
        .storeUint(subwalletId, 32)
        .storeRef(beginCell().store(storeMessageRelaxed(toSelf)).endCell())
        .storeUint(128, 8)
        .storeUint(queryId, 23)
        .storeUint(createdAt, 64)
        .storeUint(timeout, 22)
        .endCell();
      return beginCell().storeBuffer(sign(inner.hash(), secretKey)).storeRef(inner).endCell();
    },
  };
}
