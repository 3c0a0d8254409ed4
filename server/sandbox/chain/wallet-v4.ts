/**
 * Wallet v4r2 as its contract behaves, in TypeScript (the dev chain runs no TVM). The layout and the
 * checks follow wallet-v4-code.fc:
 *
 *   data          = seqno:uint32 subwallet_id:uint32 public_key:uint256 plugins:(HashmapE 256)
 *   external body = signature:bits512 ‖ subwallet_id:uint32 valid_until:uint32 seqno:uint32 op:uint8
 *                   then for op 0: (mode:uint8 + ^message) per reference, at most 4
 *
 *   throw_if(36, valid_until <= now); throw_unless(33, seqno == stored); throw_unless(34, subwallet
 *   == stored); throw_unless(35, check_signature(hash(body after signature), signature, key))
 */
import { type Cell, beginCell } from '@ton/core';
import { signVerify } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';

const template = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32) });

/** The v4r2 code cell every wallet of this kind shares. */
export const WALLET_V4_CODE: Cell = template.init.code;
const WALLET_V4_CODE_HASH = WALLET_V4_CODE.hash();

export const isWalletV4Code = (code: Cell | null | undefined): boolean =>
  code !== null && code !== undefined && code.hash().equals(WALLET_V4_CODE_HASH);

export const EXIT_EXPIRED = 36;
export const EXIT_WRONG_SEQNO = 33;
export const EXIT_WRONG_SUBWALLET = 34;
export const EXIT_BAD_SIGNATURE = 35;
/** TVM's cell underflow: the body is shorter than the contract reads. */
export const EXIT_CELL_UNDERFLOW = 9;
/** TVM's "method not found" for a get method the code does not have. */
export const EXIT_METHOD_NOT_FOUND = 11;

export interface WalletV4Data {
  seqno: number;
  subwalletId: number;
  publicKey: Buffer;
  /** True when the plugins dictionary is not empty (this chain never installs plugins). */
  hasPlugins: boolean;
}

export function parseWalletV4Data(data: Cell): WalletV4Data {
  const slice = data.beginParse();
  const seqno = slice.loadUint(32);
  const subwalletId = slice.loadUint(32);
  const publicKey = slice.loadBuffer(32);
  const hasPlugins = slice.loadBit();
  if (hasPlugins) slice.loadRef();
  slice.endParse();
  return { seqno, subwalletId, publicKey, hasPlugins };
}

/** The data cell after a transfer: only the seqno changes (plugins stay empty). */
export function walletV4Data(seqno: number, subwalletId: number, publicKey: Buffer): Cell {
  return beginCell().storeUint(seqno, 32).storeUint(subwalletId, 32).storeBuffer(publicKey).storeBit(0).endCell();
}

export interface WalletV4Action {
  mode: number;
  message: Cell;
}

export interface WalletV4ExternalBody {
  signature: Buffer;
  /** The hash the signature covers: the body after the signature, as a cell. */
  signedHash: Buffer;
  subwalletId: number;
  validUntil: number;
  seqno: number;
  op: number;
  actions: WalletV4Action[];
}

/** Reads an external body as the contract does; throws (cell underflow) where the contract would. */
export function parseWalletV4Body(body: Cell): WalletV4ExternalBody {
  const slice = body.beginParse();
  const signature = slice.loadBuffer(64);
  const signedHash = slice.asCell().hash();
  const subwalletId = slice.loadUint(32);
  const validUntil = slice.loadUint(32);
  const seqno = slice.loadUint(32);
  const op = slice.loadUint(8);
  const actions: WalletV4Action[] = [];
  if (op === 0) {
    while (slice.remainingRefs > 0) actions.push({ mode: slice.loadUint(8), message: slice.loadRef() });
  }
  return { signature, signedHash, subwalletId, validUntil, seqno, op, actions };
}

export const isSignedBy = (body: WalletV4ExternalBody, publicKey: Buffer): boolean =>
  signVerify(body.signedHash, body.signature, publicKey);
