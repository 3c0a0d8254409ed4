import { useUnit } from 'effector-react';
import { type MessageKey, useT } from '@/shared/i18n';
import { DECIMALS, formatAmount } from '@/shared/lib/format';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import type { HoldingKind } from '../lib/total-value';
import { $holdings } from '../model/holdings';

const PART_LABELS = {
  main: 'dashboard.balance',
  referral: 'dashboard.referralBalance',
  task: 'dashboard.taskBalance',
  staked: 'dashboard.activeStakes',
  minting: 'dashboard.activeMints',
} as const satisfies Record<HoldingKind, MessageKey>;

/** What the Total value is made of, part by part, each in TKN and TON (a chunk of its own: shown on a tap). */
export function TotalValueParts() {
  const holdings = useUnit($holdings);
  const t = useT();
  if (!holdings) return null;
  return (
    <div id="total-value-parts">
      <ListRows label={t('dashboard.totalValue')}>
        {holdings.map((part) => (
          <ListRow
            key={part.kind}
            label={t(PART_LABELS[part.kind])}
            value={`${formatAmount(part.tokens, DECIMALS.token)} TKN · ${formatAmount(part.ton, DECIMALS.ton)} TON`}
            valueTestId={`total-part-${part.kind}`}
          />
        ))}
      </ListRows>
    </div>
  );
}
