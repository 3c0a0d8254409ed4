import type { FarmingLink } from '@contract';
import { formatUnits } from '../lib/money';
import type { FarmingCodeRow, FarmingLinkRow } from './queries';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Uses a link can still give: none once it is exhausted or revoked. */
export const usesLeft = (link: FarmingLinkRow): number =>
  link.status === 'active' ? link.count_activations - link.activations_used : 0;

/** Whether a code can give no more: a multilink's when the link has no use left, a single-use one once spent. */
export const codeSpent = (link: FarmingLinkRow, code: FarmingCodeRow): boolean =>
  link.is_multilink ? link.activations_used >= link.count_activations : code.used_by !== null;

/** A link as its author sees it; `codes` are the link's, in the order they were made. */
export function toFarmingLink(link: FarmingLinkRow, codes: FarmingCodeRow[]): FarmingLink {
  const next = usesLeft(link) > 0 ? codes.find((code) => !codeSpent(link, code)) : undefined;
  return {
    id: link.id,
    status: link.status,
    amount: formatUnits(link.amount_ton),
    amount_token: formatUnits(link.amount_token),
    expected_token: formatUnits(link.expected_token),
    price: formatUnits(link.price_nanotons),
    days: link.days,
    tariff_days: link.tariff_days,
    count_activations: link.count_activations,
    activations_used: link.activations_used,
    activations_left: usesLeft(link),
    from_ref_balance: link.source === 'referral_balance',
    from_task_balance: link.source === 'task_balance',
    is_multilink: link.is_multilink,
    is_for_me: link.is_for_me,
    cost_token: formatUnits(link.cost_token),
    refunded_token: formatUnits(link.refunded_token),
    created_at: seconds(link.created_at),
    activation_code: next?.code ?? null,
    codes: codes.map((code) => ({ activation_code: code.code, used: codeSpent(link, code) })),
  };
}
