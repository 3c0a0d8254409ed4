/**
 * How the operator CLI (./operator.ts) reads its arguments into the operator API's bodies: ids, setting
 * changes, a new task; a bad argument is refused with what to type instead.
 */
import { parseArgs } from 'node:util';
import { type OperatorBody } from '@contract';

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

/** A command typed wrong: the CLI prints the usage. */
export class UsageError extends Error {
  constructor() {
    super(USAGE);
  }
}

export const id = (text: string | undefined): string => {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) throw new UsageError();
  return text;
};

/** `settings set`'s options → the change (text as given: the server checks each rule, 422 names what is wrong). */
export function settingsChange(args: string[]): OperatorBody<'settingsSet'> {
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

export function addTaskBody(args: string[]): Record<string, unknown> {
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

export const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);
