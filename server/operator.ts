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
import {
  API_BASE,
  type AuditEntry,
  type OperatorBody,
  type OperatorCallName,
  type OperatorParams,
  type OperatorQuery,
  type OperatorResponse,
  callPath,
  operatorCallSchemas,
  operatorRoutes,
} from '@contract';
import { SANDBOX_ADMIN_TOKEN } from './config';
import { UsageError } from './operator-args';
export { USAGE } from './operator-args';
import {
  taskLine,
  reviewLine,
  withdrawalLine,
  auditLine,
  overviewLines,
  userLine,
  userDetailLines,
  printSettings,
  heldLine,
  botStepLine,
  priceLine,
} from './operator-lines';
import { id, settingsChange, addTaskBody } from './operator-args';
import { hotWalletCommand } from './operator-hot-wallet';

export { HOT_WALLET_KIND_LINES } from './operator-hot-wallet';

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
