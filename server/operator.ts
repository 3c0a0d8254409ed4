/**
 * Operator commands against a running server's admin API:
 *   npm run operator -- overview                    (users, TON in and out, the hot wallet, payouts, the watcher)
 *   npm run operator -- maintenance on|off|status
 *   npm run operator -- tasks list
 *   npm run operator -- tasks add --kind <kind> --reward <tokens> --title-en … --title-ru … --description-en … --description-ru …
 *                                [--icon <name>] [--order <n>] [--inactive] [--url <url>] [--min-seconds <n>]
 *                                [--count <n>] [--paying-only] [--allowed-hosts t.me,x.com]
 *   npm run operator -- tasks on|off <id>
 *   npm run operator -- tasks order <id> <n>
 *   npm run operator -- reviews list
 *   npm run operator -- reviews approve <id>
 *   npm run operator -- reviews reject <id> <reason…>
 *   npm run operator -- price status
 *   npm run operator -- price set <TON per token>
 *   npm run operator -- withdrawals                 (failed payouts and queued ones waiting with an error)
 *   npm run operator -- withdrawals refund <id>     (tokens back to the balance they came from, once)
 *   npm run operator -- withdrawals retry <id>      (a failed payout back into the queue)
 *   npm run operator -- payouts status|pause|resume (hold the payout worker: sales queue, nothing is signed)
 *   npm run operator -- payouts held                (batches the worker holds: neither found on chain nor proven lost)
 *   npm run operator -- payouts resign <batch id>   (sign a held batch again with its own seqno: it can pay only once)
 *   npm run operator -- audit [<n>]                 (the newest operator actions in words; status "unknown": never recorded)
 *   npm run operator -- settings                    (every global setting, as stored)
 *   npm run operator -- settings set [--fee-percent <p>] [--network-fee <TON>] [--min-receive <TON>]
 *                                                   (the sale's fee percent, network fee and minimum)
 *   npm run operator -- users find <q>              (by Telegram id, @username or ref code, newest first)
 *   npm run operator -- users show <id>             (one user: balances, newest mints, stakes, withdrawals, operations)
 *   npm run operator -- bot setup                   (the bot's webhook, commands, descriptions and menu button)
 *   npm run operator -- hot-wallet new [--version v4r2|v5r1] [--network mainnet|testnet]
 *                                                   (24 new words and the wallet's address: no server call)
 *   npm run operator -- hot-wallet address          (the address HOT_WALLET_MNEMONIC pays from: no server call)
 * Settings: API_URL (default http://127.0.0.1:$PORT, PORT default 8080), ADMIN_TOKEN (sandbox default).
 */
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  API_BASE,
  type AdminTask,
  type AuditEntry,
  type BotSetupStep,
  type HeldBatch,
  type OperatorBody,
  type OperatorCallName,
  type OperatorParams,
  type OperatorQuery,
  type OperatorResponse,
  type OperatorUser,
  type OperatorUserDetail,
  type OperatorWithdrawal,
  type Overview,
  type ReviewItem,
  callPath,
  operatorCallSchemas,
  operatorRoutes,
} from '@contract';
import { mnemonicNew, mnemonicValidate } from '@ton/crypto';
import { TON_NETWORKS, type TonNetwork } from '@contract';
import { auditWords } from './audit/words';
import { DEFAULT_HOT_WALLET_VERSION, HOT_WALLET_VERSIONS, type HotWalletVersion, SANDBOX_ADMIN_TOKEN } from './config';
import { walletAppAddress } from './lib/ton-address';
import { createHotWallet, hotWalletFromMnemonic } from './withdraw/worker';

export const USAGE = `Usage:
  npm run operator -- overview
  npm run operator -- maintenance on|off|status
  npm run operator -- tasks list
  npm run operator -- tasks add --kind community|referrals|visit|photo|link --reward <tokens>
      --title-en <text> --title-ru <text> --description-en <text> --description-ru <text>
      [--icon <name>] [--order <n>] [--inactive]
      [--url <url>] (community, visit) [--min-seconds <n>] (visit)
      [--count <n>] [--paying-only] (referrals) [--allowed-hosts t.me,x.com] (link)
  npm run operator -- tasks on|off <id>
  npm run operator -- tasks order <id> <n>
  npm run operator -- reviews list
  npm run operator -- reviews approve <id>
  npm run operator -- reviews reject <id> <reason>
  npm run operator -- price status
  npm run operator -- price set <TON per token, e.g. 0.0125>
  npm run operator -- withdrawals
  npm run operator -- withdrawals refund <id>
  npm run operator -- withdrawals retry <id>
  npm run operator -- payouts status|pause|resume
  npm run operator -- payouts held
  npm run operator -- payouts resign <batch id>
  npm run operator -- audit [<how many, default 50>]
  npm run operator -- settings
  npm run operator -- settings set [--fee-percent <percent>] [--network-fee <TON>] [--min-receive <TON>]
  npm run operator -- users find <Telegram id, @username or ref code>
  npm run operator -- users show <user id>
  npm run operator -- bot setup
  npm run operator -- hot-wallet new [--version v5r1|highload-v3|v4r2] [--network mainnet|testnet]
      (asks the kind in a terminal unless --version says it)
  npm run operator -- hot-wallet address [--version v5r1|highload-v3|v4r2] [--network mainnet|testnet]
      (reads HOT_WALLET_MNEMONIC, HOT_WALLET_VERSION and TON_NETWORK as the server does)`;

export interface OperatorEnv {
  apiUrl: string;
  adminToken: string;
  fetch?: typeof fetch;
  print?: (line: string) => void;
  /** The server's settings the local commands read (hot-wallet): default process.env. */
  settings?: Record<string, string | undefined>;
  /** Asks the person at the terminal and returns the line typed; absent when there is none (no TTY). */
  ask?: (question: string) => Promise<string>;
}

/** The hot wallet kinds `hot-wallet new` offers, in its order, each in one line (docs/deploy.md, the hot wallet). */
export const HOT_WALLET_KIND_LINES: Record<HotWalletVersion, string> = {
  v5r1: 'up to 255 payouts per transfer; wallet apps open it (the default, for most platforms)',
  'highload-v3':
    "the TON core team's wallet for payment processors: 254 payouts per transfer, replay-safe by query id; wallet apps do not show it",
  v4r2: '4 payouts per transfer (under one a second); only to keep paying from an existing v4r2 wallet',
};

/** `hot-wallet new` without --version: the kind asked for (Enter: `fallback`), up to three tries. */
async function askKind(
  ask: (question: string) => Promise<string>,
  print: (line: string) => void,
  fallback: HotWalletVersion,
): Promise<HotWalletVersion> {
  print('Which kind of hot wallet?');
  HOT_WALLET_VERSIONS.forEach((kind, i) =>
    print(`  ${i + 1}) ${kind}${kind === fallback ? ' (default)' : ''}: ${HOT_WALLET_KIND_LINES[kind]}`),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = (await ask(`Kind [${HOT_WALLET_VERSIONS.indexOf(fallback) + 1}]: `)).trim();
    if (answer === '') return fallback;
    const byNumber = HOT_WALLET_VERSIONS[Number(answer) - 1];
    if (/^\d+$/.test(answer) && byNumber) return byNumber;
    if (isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, answer)) return answer;
    print(
      `"${answer}" is none of them: type 1 to ${HOT_WALLET_VERSIONS.length}, a kind's name, or Enter for ${fallback}`,
    );
  }
  throw new Error(`No kind chosen: give --version ${HOT_WALLET_VERSIONS.join('|')}`);
}

class UsageError extends Error {
  constructor() {
    super(USAGE);
  }
}

/** The parts of operator call K, typed by its schemas (the contract's operatorCallSchemas). */
interface Parts<K extends OperatorCallName> {
  params?: OperatorParams<K>;
  query?: OperatorQuery<K>;
  body?: OperatorBody<K>;
}

type Call = <K extends OperatorCallName>(name: K, parts?: Parts<K>) => Promise<OperatorResponse<K>>;

/**
 * Sends operator call K as the contract's table says (method, path, its parameters filled in) and reads
 * the answer with the call's response schema, so the CLI cannot drift from the server's routes.
 */
function caller(env: OperatorEnv): Call {
  const doFetch = env.fetch ?? fetch;
  const apiUrl = env.apiUrl.replace(/\/+$/, '');
  return async (name, parts = {}) => {
    const route = operatorRoutes[name];
    const { body } = parts;
    const query = new URLSearchParams(
      Object.entries((parts.query ?? {}) as Record<string, unknown>).map(([key, value]): [string, string] => [
        key,
        String(value),
      ]),
    ).toString();
    const path = callPath(route, parts.params as Record<string, string | number> | undefined);
    const response = await doFetch(`${apiUrl}${API_BASE}${path}${query ? `?${query}` : ''}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${env.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error(`Cannot reach ${apiUrl}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const answer = (await response.json().catch(() => ({}))) as { msg?: string };
    if (!response.ok) throw new Error(`${response.status}: ${answer.msg ?? response.statusText}`);
    const read = operatorCallSchemas[name].response.safeParse(answer);
    if (!read.success) throw new Error(`${route.method} ${route.path}: unexpected answer: ${read.error.message}`);
    return read.data as OperatorResponse<typeof name>;
  };
}

const id = (text: string | undefined): string => {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) throw new UsageError();
  return text;
};

function taskLine(task: AdminTask): string {
  const s = task.settings;
  const details = [
    s.url && `url ${s.url}`,
    s.count !== null && `${s.paying_only ? 'paying ' : ''}referrals ≥ ${s.count}`,
    s.min_seconds !== null && `${s.min_seconds} s`,
    s.allowed_hosts.length > 0 && `hosts ${s.allowed_hosts.join(',')}`,
  ].filter(Boolean);
  return `#${task.id} ${task.is_active ? 'on ' : 'off'} order ${task.sort_order} ${task.kind} ${task.reward} tokens — ${task.title.en}${
    details.length ? ` (${details.join('; ')})` : ''
  }`;
}

/** A user as the lines name them: first name, @username, Telegram id. */
const userName = (user: { first_name: string; username: string | null; telegram_id: number }): string =>
  `${user.first_name}${user.username ? ` @${user.username}` : ''} (tg ${user.telegram_id})`;

function reviewLine(item: ReviewItem): string {
  const who = userName(item.user);
  const proof =
    item.kind === 'photo'
      ? `photo ${item.content_type} ${item.size} bytes: GET ${API_BASE}${callPath(operatorRoutes.reviewPhoto, { id: item.id })}`
      : `link ${item.link}`;
  return `#${item.id} ${new Date(item.created_at * 1000).toISOString()} ${who} — task #${item.task.id} ${item.task.title.en} — ${proof}`;
}

function withdrawalLine(w: OperatorWithdrawal): string {
  const when = new Date(w.created_at * 1000).toISOString();
  const batch = w.batch_id === null ? '' : ` batch #${w.batch_id}`;
  const tx = w.tx_hash === null ? '' : ` tx ${w.tx_hash}`;
  return `#${w.id} ${w.status}${batch}${tx} ${when} ${userName(w.user)} (user #${w.user_id}) — ${w.token_amount} tokens from ${w.source} → ${w.ton_amount} TON to ${w.address}${
    w.error ? ` — ${w.error}` : ''
  }`;
}

/** The worker's state in words: who stopped it, if anyone. */
const PAYOUT_STATE_TEXT: Record<Overview['payouts']['state'], string> = {
  running: 'running',
  paused: 'paused by an operator (payouts resume)',
  waiting: 'waiting',
  disabled: 'disabled by the setting PAYOUTS_ENABLED=false',
};

/**
 * One audit entry: when, who, the outcome ("unknown": never recorded, docs/security.md "Operator actions
 * are final and audited"), what was done in words, then the call as made (its route and arguments) and
 * the address.
 */
function auditLine(entry: AuditEntry): string {
  const when = new Date(entry.created_at * 1000).toISOString();
  const who = entry.actor.kind === 'operator' ? `${entry.actor.name} [${entry.actor.telegram_id}]` : 'token';
  const status = entry.status ?? 'unknown';
  const args = [entry.params, entry.query, entry.body]
    .filter((part) => part != null)
    .map((part) => JSON.stringify(part));
  const call = [entry.action, entry.method, entry.path, ...args].filter(Boolean).join(' ');
  return `${when} ${who} ${status} ${auditWords(entry)} — ${call} (${entry.ip})`;
}

function overviewLines(o: Overview): string[] {
  const counts = Object.entries(o.payouts.counts)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    `Users: ${o.users.total} (${o.users.new_today} new today)`,
    `Mint payments: ${o.mint_received.today} TON today, ${o.mint_received.week} TON in 7 days`,
    `Paid to sellers: ${o.paid_to_sellers.today} TON today, ${o.paid_to_sellers.week} TON in 7 days`,
    `Hot wallet: ${o.hot_wallet.address ?? 'none (payouts off)'} — balance ${
      o.hot_wallet.balance === null ? 'unknown' : `${o.hot_wallet.balance} TON`
    }, ${o.hot_wallet.queued} TON to pay`,
    `Payouts: ${PAYOUT_STATE_TEXT[o.payouts.state]}${o.payouts.reason ? ` (${o.payouts.reason})` : ''} — ${counts}, held batches ${o.payouts.held_batches}`,
    `Treasury watcher: ${o.watcher_lag_seconds === null ? 'no read yet' : `last read ${o.watcher_lag_seconds} s ago`}`,
    `Maintenance: ${o.maintenance ? 'on' : 'off'}`,
    `Waiting for an operator: ${o.reviews_waiting} proofs to review, ${o.treasury_waiting} treasury transactions`,
  ];
}

const userLine = (u: OperatorUser): string =>
  `#${u.id} ${userName(u)} ref ${u.ref_code} since ${new Date(u.created_at * 1000).toISOString()}`;

function userDetailLines(d: OperatorUserDetail): string[] {
  const u = d.user;
  return [
    userLine(u),
    `language ${u.language_code}, community ${u.community_participation ? 'yes' : 'no'}, notifications ${
      u.notifications_enabled ? 'on' : 'off'
    }, wallet ${u.wallet?.friendly_address ?? 'none'}, referrer ${u.referrer ? `${userName(u.referrer)} #${u.referrer.id}` : 'none'}`,
    `Balances: ${d.balances.balance_token} tokens, ${d.balances.task_balance} task, ${d.balances.referral_balance} referral`,
    `Mints (${d.mints.length}):`,
    // By the public id the user's screen shows (docs/decisions.md "Names and ids"), not the row id.
    ...d.mints.map((m) => `  #${m.mint_id} ${m.status} ${m.amount_ton} TON → ${m.amount_token} tokens`),
    `Stakes (${d.stakes.length}):`,
    ...d.stakes.map((s) => `  #${s.staking_id} ${s.status} ${s.total_amount} tokens, earned ${s.earned_reward}`),
    `Withdrawals (${d.withdrawals.length}):`,
    ...d.withdrawals.map((w) => `  ${withdrawalLine(w)}`),
    `Operations (${d.ledger.length}):`,
    ...d.ledger.map(
      (op) => `  ${new Date(op.created_at * 1000).toISOString()} ${op.type} ${op.direction} ${op.amount} ${op.unit}`,
    ),
  ];
}

/** `settings set`'s options → the change (text as given: the server checks each rule, 422 names what is wrong). */
function settingsChange(args: string[]): OperatorBody<'settingsSet'> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      'fee-percent': { type: 'string' },
      'network-fee': { type: 'string' },
      'min-receive': { type: 'string' },
    },
  });
  const percent = values['fee-percent'];
  if (positionals.length > 0 || (percent !== undefined && !/^\d+(\.\d+)?$/.test(percent))) throw new UsageError();
  const change = {
    ...(percent === undefined ? {} : { withdraw_fee_percent: Number(percent) }),
    ...(values['network-fee'] === undefined ? {} : { withdraw_network_fee: values['network-fee'] }),
    ...(values['min-receive'] === undefined ? {} : { withdraw_min_receive: values['min-receive'] }),
  };
  if (Object.keys(change).length === 0) throw new UsageError();
  return change;
}

function printSettings(s: OperatorResponse<'settingsGet'>, print: (line: string) => void): void {
  print(`maintenance: ${s.maintenance ? 'on' : 'off'}`);
  print(`collective_bonus: ${s.collective_bonus} % a day`);
  print(`withdraw_fee_percent: ${s.withdraw_fee_percent} %`);
  print(`withdraw_network_fee: ${s.withdraw_network_fee} TON`);
  print(`withdraw_min_receive: ${s.withdraw_min_receive} TON`);
  print(`payouts_paused: ${s.payouts_paused ? 'yes' : 'no'}`);
}

function heldLine(b: HeldBatch): string {
  const until = new Date(b.valid_until * 1000).toISOString();
  const asked = b.resign_requested ? ' — re-sign asked for' : '';
  return `batch #${b.id} seqno ${b.seqno} valid until ${until}, withdrawals ${b.withdrawals.map((id) => `#${id}`).join(' ')}${asked} — ${b.reason ?? ''}`;
}

function addTaskBody(args: string[]): Record<string, unknown> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      kind: { type: 'string' },
      reward: { type: 'string' },
      'title-en': { type: 'string' },
      'title-ru': { type: 'string' },
      'description-en': { type: 'string' },
      'description-ru': { type: 'string' },
      icon: { type: 'string' },
      order: { type: 'string' },
      inactive: { type: 'boolean' },
      url: { type: 'string' },
      'min-seconds': { type: 'string' },
      count: { type: 'string' },
      'paying-only': { type: 'boolean' },
      'allowed-hosts': { type: 'string' },
    },
  });
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  const settings = Object.fromEntries(
    Object.entries({
      url: values.url,
      min_seconds: number(values['min-seconds']),
      count: number(values.count),
      paying_only: values['paying-only'],
      allowed_hosts: values['allowed-hosts']
        ?.split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    }).filter(([, value]) => value !== undefined),
  );
  // The server checks everything (422 names what is wrong); only the shape is built here.
  return {
    kind: values.kind,
    reward: values.reward,
    title: { en: values['title-en'], ru: values['title-ru'] },
    description: { en: values['description-en'], ru: values['description-ru'] },
    ...(values.icon === undefined ? {} : { icon: values.icon }),
    ...(values.order === undefined ? {} : { sort_order: Number(values.order) }),
    ...(values.inactive ? { is_active: false } : {}),
    settings,
  };
}

function botStepLine(step: BotSetupStep): string {
  const what = step.language === null ? step.method : `${step.method} (${step.language})`;
  return `${step.ok ? 'ok    ' : 'FAILED'} ${what}${step.error ? ` — ${step.error}` : ''}`;
}

type PriceState = OperatorResponse<'priceGet'>;

const signed = (percent: number) => `${percent > 0 ? '+' : ''}${percent} %`;
const priceLine = (state: PriceState) =>
  `Price: ${state.price} TON per token (24 h ${signed(state.price_change_24h)}, 30 d ${signed(state.price_change_30d)}) at ${new Date(
    state.time * 1000,
  ).toISOString()}`;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * `hot-wallet new|address`, on this machine only: the words never travel to the server. `new` makes 24
 * words (@ton/crypto); both print the address the server pays from with those words, for the version and
 * network given (else HOT_WALLET_VERSION, TON_NETWORK, as the server reads them), in the non-bounceable
 * form a wallet app should send the first funds to (the wallet is not deployed yet: a bounceable transfer
 * would come back).
 */
async function hotWalletCommand(
  action: 'new' | 'address',
  args: string[],
  env: Pick<OperatorEnv, 'ask'> & { settings: Record<string, string | undefined> },
  print: (line: string) => void,
): Promise<void> {
  const { settings } = env;
  const { values } = parseArgs({ args, options: { version: { type: 'string' }, network: { type: 'string' } } });
  const configured = settings.HOT_WALLET_VERSION?.trim() || DEFAULT_HOT_WALLET_VERSION;
  if (!isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, configured))
    throw new Error(`HOT_WALLET_VERSION is ${HOT_WALLET_VERSIONS.join(', ')}, not "${configured}"`);
  // `new` asks in a terminal; --version (or, without a terminal, HOT_WALLET_VERSION, else v5r1) says it otherwise.
  const version =
    values.version ?? (action === 'new' && env.ask ? await askKind(env.ask, print, configured) : configured);
  if (!isOneOf<HotWalletVersion>(HOT_WALLET_VERSIONS, version))
    throw new Error(`The hot wallet's version is ${HOT_WALLET_VERSIONS.join(', ')}, not "${version}"`);
  const fromSetting = settings.TON_NETWORK?.trim() || undefined;
  const network = values.network ?? fromSetting ?? 'mainnet';
  if (!isOneOf<TonNetwork>(TON_NETWORKS, network))
    throw new Error(`The network is mainnet or testnet, not "${network}"`);

  let words: string[];
  if (action === 'new') {
    words = await mnemonicNew(24);
  } else {
    const text = settings.HOT_WALLET_MNEMONIC?.trim();
    if (!text) throw new Error('hot-wallet address reads HOT_WALLET_MNEMONIC: set it as the server has it');
    words = text.split(/\s+/);
    if (words.length !== 24 || !(await mnemonicValidate(words)))
      throw new Error('HOT_WALLET_MNEMONIC is not a valid 24-word TON mnemonic');
  }
  const wallet = createHotWallet(await hotWalletFromMnemonic(words, version), network);
  const address = walletAppAddress(wallet.address, network);
  if (action === 'new') {
    print(`New hot wallet (${version}, ${network}): ${HOT_WALLET_KIND_LINES[version]}.`);
    print(`Set HOT_WALLET_VERSION=${version}. These 24 words are HOT_WALLET_MNEMONIC: keep them in your`);
    print('secret store, never in a file under version control; whoever has them has the wallet.');
    print('');
    print(words.join(' '));
    print('');
  }
  // Said every time: a mainnet wallet made by a shell that lacks TON_NETWORK must not pass for a testnet one.
  const source = values.network
    ? '--network'
    : fromSetting
      ? 'TON_NETWORK'
      : "TON_NETWORK is unset: the server's default; --network testnet for a staging wallet";
  print(`Network: ${network} (${source})`);
  print(`Address (${version}, ${network}): ${address}`);
}

export async function runOperator(args: string[], env: OperatorEnv): Promise<void> {
  const print = env.print ?? ((line: string) => console.log(line));
  const call = caller(env);
  const [command, action, ...rest] = args;

  if (command === 'hot-wallet' && (action === 'new' || action === 'address')) {
    await hotWalletCommand(action, rest, { settings: env.settings ?? process.env, ask: env.ask }, print);
    return;
  }

  if (command === 'maintenance' && (action === 'on' || action === 'off' || action === 'status')) {
    const state = await (action === 'status'
      ? call('maintenanceGet')
      : call('maintenanceSet', { body: { enabled: action === 'on' } }));
    print(`Maintenance: ${state.enabled ? 'on' : 'off'} (${state.detail})`);
    return;
  }

  if (command === 'tasks') {
    if (action === 'list' && rest.length === 0) {
      const tasks = await call('tasksList');
      if (tasks.length === 0) print('No tasks.');
      for (const task of tasks) print(taskLine(task));
      return;
    }
    if (action === 'add') {
      let body: OperatorBody<'taskCreate'>;
      try {
        body = addTaskBody(rest) as OperatorBody<'taskCreate'>;
      } catch {
        throw new UsageError();
      }
      print(`Added ${taskLine(await call('taskCreate', { body }))}`);
      return;
    }
    if ((action === 'on' || action === 'off') && rest.length === 1) {
      const task = await call('taskChange', { params: { id: id(rest[0]) }, body: { is_active: action === 'on' } });
      print(taskLine(task));
      return;
    }
    if (action === 'order' && rest.length === 2 && /^-?\d{1,7}$/.test(rest[1] ?? '')) {
      const task = await call('taskChange', { params: { id: id(rest[0]) }, body: { sort_order: Number(rest[1]) } });
      print(taskLine(task));
      return;
    }
  }

  if (command === 'reviews') {
    if (action === 'list' && rest.length === 0) {
      const items = await call('reviewsList');
      if (items.length === 0) print('Nothing to review.');
      for (const item of items) print(reviewLine(item));
      return;
    }
    if (action === 'approve' && rest.length === 1) {
      const item = await call('reviewApprove', { params: { id: id(rest[0]) } });
      print(`Approved #${item.id}: ${item.user.first_name} can claim "${item.task.title.en}".`);
      return;
    }
    if (action === 'reject' && rest.length >= 2) {
      const reason = rest.slice(1).join(' ');
      const item = await call('reviewReject', { params: { id: id(rest[0]) }, body: { reason } });
      print(`Rejected #${item.id}: ${item.user.first_name} reads "${reason}".`);
      return;
    }
  }

  if (command === 'price') {
    if (action === 'status' && rest.length === 0) {
      print(priceLine(await call('priceGet')));
      return;
    }
    // The text goes as it is: the server validates it like every amount (422 names what is wrong).
    if (action === 'set' && rest.length === 1 && rest[0]) {
      print(priceLine(await call('priceSet', { body: { price: rest[0] } })));
      return;
    }
  }

  if (command === 'withdrawals') {
    if (action === undefined || (action === 'list' && rest.length === 0)) {
      const items = await call('withdrawalsList');
      if (items.length === 0) print('No withdrawals need an operator.');
      for (const item of items) print(withdrawalLine(item));
      return;
    }
    if (action === 'refund' && rest.length === 1) {
      const item = await call('withdrawalRefund', { params: { id: id(rest[0]) } });
      print(`Refunded ${withdrawalLine(item)}`);
      return;
    }
    if (action === 'retry' && rest.length === 1) {
      const item = await call('withdrawalRetry', { params: { id: id(rest[0]) } });
      print(`Queued again ${withdrawalLine(item)}`);
      return;
    }
  }

  if (command === 'payouts' && rest.length === 0) {
    const change = action === 'pause' ? true : action === 'resume' ? false : undefined;
    if (action === 'status' || change !== undefined) {
      const state =
        change === undefined ? await call('payoutsGet') : await call('payoutsSet', { body: { paused: change } });
      const counts = Object.entries(state.counts)
        .map(([status, count]) => `${status} ${count}`)
        .join(', ');
      print(`Payouts ${state.paused ? 'paused' : 'running'} — ${counts}`);
      return;
    }
  }

  if (command === 'payouts' && action === 'held' && rest.length === 0) {
    const batches = await call('payoutsHeld');
    if (batches.length === 0) print('No payout batch is held.');
    for (const batch of batches) print(heldLine(batch));
    return;
  }
  if (command === 'payouts' && action === 'resign' && rest.length === 1) {
    const batch = await call('payoutResign', { params: { id: id(rest[0]) } });
    print(`To be signed again: ${heldLine(batch)}`);
    return;
  }

  if (command === 'audit' && rest.length === 0 && (action === undefined || /^\d+$/.test(action))) {
    const entries: AuditEntry[] = await call('audit', { query: { limit: action ?? 50 } });
    if (entries.length === 0) print('No operator actions yet');
    for (const entry of entries) print(auditLine(entry));
    return;
  }

  if (command === 'settings' && action === undefined) {
    printSettings(await call('settingsGet'), print);
    return;
  }
  if (command === 'settings' && action === 'set') {
    let body: OperatorBody<'settingsSet'>;
    try {
      body = settingsChange(rest);
    } catch {
      throw new UsageError();
    }
    printSettings(await call('settingsSet', { body }), print);
    return;
  }

  if (command === 'overview' && action === undefined) {
    for (const line of overviewLines(await call('overview'))) print(line);
    return;
  }

  if (command === 'users' && action === 'find' && rest.length === 1 && rest[0]) {
    const users = await call('usersFind', { query: { q: rest[0] } });
    if (users.length === 0) print('No user found.');
    for (const user of users) print(userLine(user));
    return;
  }
  if (command === 'users' && action === 'show' && rest.length === 1) {
    for (const line of userDetailLines(await call('userDetail', { params: { id: id(rest[0]) } }))) print(line);
    return;
  }

  if (command === 'bot' && action === 'setup' && rest.length === 0) {
    const { webhook_url, steps } = await call('botSetup');
    for (const step of steps) print(botStepLine(step));
    const failed = steps.filter((step) => !step.ok).length;
    if (failed > 0) throw new Error(`Bot setup: ${failed} of ${steps.length} calls failed (run it again once fixed)`);
    print(`Bot set up: updates go to ${webhook_url}`);
    return;
  }

  throw new UsageError();
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  // A question only to a person at a terminal; a script without one gets --version's or the setting's kind.
  const terminal = process.stdin.isTTY
    ? createInterface({ input: process.stdin, output: process.stdout, terminal: true })
    : undefined;
  runOperator(process.argv.slice(2), {
    apiUrl: process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`,
    adminToken: process.env.ADMIN_TOKEN ?? SANDBOX_ADMIN_TOKEN,
    ...(terminal ? { ask: (question: string) => terminal.question(question) } : {}),
  })
    .finally(() => terminal?.close())
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
