import { TonNodeError } from './errors';

/*
 * JSON-RPC client for a TON node in toncenter v2's shape (docs/product.md §7 "Blockchain"). Deliberately plain
 * `fetch`, not the ofetch transport behind /api: it talks to another origin with another envelope
 * (`{ ok, result | error, code }`), sends no bearer token, and its failures are not the /api toast
 * catalogue — callers decide what to show. `fetch` is injectable for tests and the sandbox chain.
 */

export interface TonNodeClientOptions {
  /** The node's JSON-RPC endpoint, e.g. https://toncenter.com/api/v2/jsonRPC (appConfig.tonNodeUrl). */
  url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type AccountState = 'active' | 'uninitialized' | 'frozen';

export interface TransactionId {
  lt: string;
  hash: string;
}

/** getAddressInformation's result; balance normalised to a nanoton string. */
export interface AddressInformation {
  balance: string;
  state: AccountState;
  code: string;
  data: string;
  last_transaction_id?: TransactionId;
  frozen_hash?: string;
  sync_utime?: number;
  [extra: string]: unknown;
}

/** toncenter v2 stack entries: `['num', '0x2a']`, `['cell', {...}]`, … */
export type StackEntry = [type: string, value: unknown];

export interface RunGetMethodResult {
  exit_code: number;
  gas_used?: number;
  stack: StackEntry[];
  [extra: string]: unknown;
}

/** toncenter v2 transaction objects; only what the app is likely to read is typed. */
export interface Transaction {
  transaction_id: TransactionId;
  utime: number;
  fee?: string;
  in_msg?: Record<string, unknown>;
  out_msgs?: Record<string, unknown>[];
  [extra: string]: unknown;
}

export interface GetTransactionsOptions {
  limit?: number;
  /** Start from this transaction (lt and hash go together). */
  lt?: string;
  hash?: string;
  to_lt?: string;
  archival?: boolean;
}

export interface EstimateFeeOptions {
  initCode?: string;
  initData?: string;
  /** Default true: estimating an unsigned body is the usual case. */
  ignoreChksig?: boolean;
}

export interface Fees {
  in_fwd_fee: number;
  storage_fee: number;
  gas_fee: number;
  fwd_fee: number;
}

export interface EstimateFeeResult {
  source_fees: Fees;
  destination_fees: Fees[];
  [extra: string]: unknown;
}

export interface TonNodeClient {
  call<T>(method: string, params: Record<string, unknown>): Promise<T>;
  getAddressInformation(address: string): Promise<AddressInformation>;
  /** Nanotons as a decimal string (nanoToTon for display). */
  getAddressBalance(address: string): Promise<string>;
  getTransactions(address: string, options?: GetTransactionsOptions): Promise<Transaction[]>;
  /** Resolves only for exit code 0 or 1; anything else is a TonNodeError of kind 'exit-code'. */
  runGetMethod(address: string, method: string, stack?: StackEntry[]): Promise<RunGetMethodResult>;
  sendBoc(bocBase64: string): Promise<unknown>;
  estimateFee(address: string, bodyBase64: string, options?: EstimateFeeOptions): Promise<EstimateFeeResult>;
}

const STATES: readonly string[] = ['active', 'uninitialized', 'frozen'] satisfies AccountState[];
const NANO = /^\d+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A balance arrives as a string, or as a number from some nodes; either way an unsigned integer. */
function toNano(value: unknown): string | null {
  if (typeof value === 'string' && NANO.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

export function createTonNodeClient(options: TonNodeClientOptions): TonNodeClient {
  const { url, fetch: fetchImpl, timeoutMs = 30_000 } = options;
  let nextId = 1;

  async function call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    const id = nextId++;
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);

    let status: number | undefined;
    let text: string;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ id, jsonrpc: '2.0', method, params }),
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
      if (!response.ok) {
        const { message, code } = describeFailure(text);
        throw new TonNodeError('response-not-ok', method, `HTTP ${status}${message ? `: ${message}` : ''}`, {
          status,
          code,
        });
      }
    } catch (error) {
      if (error instanceof TonNodeError) throw error;
      if (controller.signal.aborted) {
        throw new TonNodeError('timeout', method, `no response within ${timeoutMs} ms`, { status, cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new TonNodeError('network', method, `request failed: ${reason}`, { status, cause: error });
    } finally {
      clearTimeout(timer);
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new TonNodeError('malformed-response', method, `response is not JSON: ${text.slice(0, 100)}`, {
        status,
        cause: error,
      });
    }
    if (!isObject(body)) throw new TonNodeError('malformed-response', method, 'response is not an object', { status });

    // toncenter: { ok: false, error, code }; JSON-RPC 2.0: { error: { code, message } }.
    if (body.ok === false || body.error !== undefined) {
      const { message, code } = describeFailure(body);
      throw new TonNodeError('response-not-ok', method, message || 'the node reported an error', { status, code });
    }
    if (body.result === undefined) {
      throw new TonNodeError('malformed-response', method, 'response has no result', { status });
    }
    return body.result as T;
  }

  function malformed(method: string, what: string): never {
    throw new TonNodeError('malformed-response', method, what);
  }

  return {
    call,

    async getAddressInformation(address) {
      const method = 'getAddressInformation';
      const result = await call<unknown>(method, { address });
      if (!isObject(result)) malformed(method, 'result is not an object');
      const state = result.state;
      if (typeof state !== 'string' || !STATES.includes(state)) {
        throw new TonNodeError('unsupported-state', method, `unsupported account state ${JSON.stringify(state)}`, {
          state: String(state),
        });
      }
      const balance = toNano(result.balance);
      if (balance === null) malformed(method, `balance is not a nanoton amount: ${JSON.stringify(result.balance)}`);
      return { ...result, state, balance } as AddressInformation;
    },

    async getAddressBalance(address) {
      const method = 'getAddressBalance';
      const result = await call<unknown>(method, { address });
      const balance = toNano(result);
      if (balance === null) malformed(method, `result is not a nanoton amount: ${JSON.stringify(result)}`);
      return balance;
    },

    async getTransactions(address, { limit = 100, ...rest } = {}) {
      const method = 'getTransactions';
      const result = await call<unknown>(method, { address, limit, ...rest });
      if (!Array.isArray(result)) malformed(method, 'result is not a list');
      return result as Transaction[];
    },

    async runGetMethod(address, getMethod, stack = []) {
      const method = 'runGetMethod';
      const result = await call<unknown>(method, { address, method: getMethod, stack });
      if (!isObject(result) || typeof result.exit_code !== 'number') malformed(method, 'result has no exit_code');
      const exitCode = result.exit_code;
      if (exitCode !== 0 && exitCode !== 1) {
        throw new TonNodeError('exit-code', method, `get-method "${getMethod}" exited with code ${exitCode}`, {
          exitCode,
        });
      }
      return result as RunGetMethodResult;
    },

    sendBoc(boc) {
      return call<unknown>('sendBoc', { boc });
    },

    estimateFee(address, body, { initCode = '', initData = '', ignoreChksig = true } = {}) {
      return call<EstimateFeeResult>('estimateFee', {
        address,
        body,
        init_code: initCode,
        init_data: initData,
        ignore_chksig: ignoreChksig,
      });
    },
  };
}

/** The node's own words and code from whatever error body arrived (object or raw text). */
function describeFailure(source: unknown): { message: string; code?: number } {
  let body = source;
  if (typeof source === 'string') {
    try {
      body = JSON.parse(source);
    } catch {
      return { message: source.trim().slice(0, 200) };
    }
  }
  if (!isObject(body)) return { message: '' };
  const error = body.error;
  if (isObject(error)) {
    return {
      message: typeof error.message === 'string' ? error.message : JSON.stringify(error),
      code: typeof error.code === 'number' ? error.code : undefined,
    };
  }
  return {
    message: typeof error === 'string' ? error : '',
    code: typeof body.code === 'number' ? body.code : undefined,
  };
}
