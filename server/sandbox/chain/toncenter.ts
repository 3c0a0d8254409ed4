/**
 * toncenter v2's wire shapes, produced the way toncenter produces them from tonlib (ton-http-api and
 * tonlib's to_raw_message): every address is user-friendly, url-safe and **bounceable** ("EQ…"),
 * whatever the message's bounce flag or the network (tonlib's rserialize(true)); hashes and bags of
 * cells are standard base64; amounts and logical times are decimal strings.
 */
import { type Address, type Cell, type Message, type Slice, beginCell, storeStateInit } from '@ton/core';

export interface ToncenterTransactionId {
  '@type': 'internal.transactionId';
  lt: string;
  hash: string;
}

export type ToncenterMessageData =
  | { '@type': 'msg.dataText'; text: string }
  | { '@type': 'msg.dataEncryptedText'; text: string }
  | { '@type': 'msg.dataRaw'; body: string; init_state: string };

export interface ToncenterMessage {
  '@type': 'raw.message';
  /** Hash of the message cell. */
  hash: string;
  /** '' for an external inbound message. */
  source: string;
  destination: string;
  value: string;
  extra_currencies: [];
  fwd_fee: string;
  ihr_fee: string;
  created_lt: string;
  body_hash: string;
  msg_data: ToncenterMessageData;
  /** The decoded text comment; for a raw body, the base64 of the body cell's own bits (toncenter's quirk). */
  message: string;
}

export interface ToncenterTransaction {
  '@type': 'raw.transaction';
  address: { '@type': 'accountAddress'; account_address: string };
  utime: number;
  /** The Transaction cell (TL-B), base64 BOC: @ton/ton's TonClient parses it with loadTransaction. */
  data: string;
  transaction_id: ToncenterTransactionId;
  fee: string;
  storage_fee: string;
  other_fee: string;
  in_msg?: ToncenterMessage;
  out_msgs: ToncenterMessage[];
}

/** toncenter's address form: url-safe, bounceable, no test-only flag. */
export const friendly = (address: Address): string => address.toString({ urlSafe: true, bounceable: true });

export const base64 = (bytes: Buffer): string => bytes.toString('base64');

/** A bag of cells as toncenter sends message bodies and transactions: with a CRC32C. */
export const bocBase64 = (cell: Cell): string => cell.toBoc({ idx: false, crc32: true }).toString('base64');

/** Account code and data as tonlib serialises them: no index, no checksum. */
export const stateBocBase64 = (cell: Cell): string => cell.toBoc({ idx: false, crc32: false }).toString('base64');

/** A snake string (tonlib's CellString): whole bytes in every cell, at most one reference onward. */
function readSnakeBytes(slice: Slice): Buffer | null {
  const chunks: Buffer[] = [];
  let current: Slice | null = slice;
  while (current) {
    if (current.remainingBits % 8 !== 0 || current.remainingRefs > 1) return null;
    chunks.push(current.loadBuffer(current.remainingBits / 8));
    current = current.remainingRefs === 1 ? current.loadRef().beginParse() : null;
  }
  return Buffer.concat(chunks);
}

/**
 * tonlib's msg_data: a body of 32+ bits starting with op 0 (text comment) or 1 (encrypted comment)
 * followed by a snake string is text; anything else is the raw body.
 */
export function messageData(body: Cell, init: Cell | null): { data: ToncenterMessageData; message: string } {
  const slice = body.beginParse();
  if (slice.remainingBits >= 32) {
    const op = slice.loadUint(32);
    if (op <= 1) {
      const bytes = readSnakeBytes(slice);
      if (bytes) {
        return op === 0
          ? { data: { '@type': 'msg.dataText', text: base64(bytes) }, message: bytes.toString('utf8') }
          : { data: { '@type': 'msg.dataEncryptedText', text: base64(bytes) }, message: base64(bytes) };
      }
    }
  }
  const ownBits = body.bits.length;
  const message = ownBits % 8 === 0 ? base64(body.bits.subbuffer(0, ownBits) ?? Buffer.alloc(0)) : '';
  return {
    data: { '@type': 'msg.dataRaw', body: bocBase64(body), init_state: init ? bocBase64(init) : '' },
    message,
  };
}

/** Decoded text comment of a body, or null when the body is not one (what the treasury watcher matches). */
export function textComment(body: Cell): string | null {
  const { data, message } = messageData(body, null);
  return data['@type'] === 'msg.dataText' ? message : null;
}

export function renderMessage(message: Message, messageCell: Cell): ToncenterMessage {
  const init = message.init ? beginCell().store(storeStateInit(message.init)).endCell() : null;
  const { data, message: text } = messageData(message.body, init);
  const common = {
    '@type': 'raw.message' as const,
    hash: base64(messageCell.hash()),
    extra_currencies: [] as [],
    body_hash: base64(message.body.hash()),
    msg_data: data,
    message: text,
  };
  const { info } = message;
  switch (info.type) {
    case 'internal':
      return {
        ...common,
        source: friendly(info.src),
        destination: friendly(info.dest),
        value: info.value.coins.toString(),
        fwd_fee: info.forwardFee.toString(),
        ihr_fee: info.ihrFee.toString(),
        created_lt: info.createdLt.toString(),
      };
    case 'external-in':
      return {
        ...common,
        source: '',
        destination: friendly(info.dest),
        value: '0',
        fwd_fee: '0',
        ihr_fee: '0',
        created_lt: '0',
      };
    case 'external-out':
      return {
        ...common,
        source: friendly(info.src),
        destination: '',
        value: '0',
        fwd_fee: '0',
        ihr_fee: '0',
        created_lt: info.createdLt.toString(),
      };
  }
}

/**
 * The same message with toncenter's key order (JSONB storage sorts keys; JSON consumers do not care,
 * people reading a response do).
 */
export function inToncenterOrder(message: ToncenterMessage): ToncenterMessage {
  const data = message.msg_data;
  return {
    '@type': 'raw.message',
    hash: message.hash,
    source: message.source,
    destination: message.destination,
    value: message.value,
    extra_currencies: message.extra_currencies,
    fwd_fee: message.fwd_fee,
    ihr_fee: message.ihr_fee,
    created_lt: message.created_lt,
    body_hash: message.body_hash,
    msg_data:
      data['@type'] === 'msg.dataRaw'
        ? { '@type': data['@type'], body: data.body, init_state: data.init_state }
        : { '@type': data['@type'], text: data.text },
    message: message.message,
  };
}

export const transactionId = (lt: bigint, hash: string | null): ToncenterTransactionId => ({
  '@type': 'internal.transactionId',
  lt: lt.toString(),
  // An account without transactions: lt 0 and the zero hash, as toncenter answers.
  hash: hash ?? base64(Buffer.alloc(32)),
});

/**
 * A transaction hash in either form toncenter accepts (ton-http-api's _prepare_hash): base64 or
 * base64url of 32 bytes (44 characters), or 64 hex digits. Returns standard base64, or null.
 */
export function normaliseHash(text: string): string | null {
  let bytes: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=$/.test(text)) {
    bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  return bytes && bytes.length === 32 ? base64(bytes) : null;
}
