import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { type MessageKey, useT } from '@/shared/i18n';
import { formatTokens, formatTon } from '@/shared/lib/format';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Skeleton } from '@/shared/ui/skeleton';
import type { HoldingKind } from '../lib/total-value';
import { $holdings, $holdingsSettled, $totalValueTon, totalValueShown } from '../model/holdings';
import { $priceLoaded } from '../model/price';
import styles from './dashboard-page.module.css';

const PART_LABELS = {
  main: 'dashboard.balance',
  referral: 'dashboard.referralBalance',
  task: 'dashboard.taskBalance',
  staked: 'dashboard.activeStakes',
  minting: 'dashboard.activeMints',
} as const satisfies Record<HoldingKind, MessageKey>;

/** The Total value's figure (a chunk of its own, with its model); a tap shows the parts. */
export function TotalValueFigure() {
  const [total, priceLoaded, settled, onShown] = useUnit([
    $totalValueTon,
    $priceLoaded,
    $holdingsSettled,
    totalValueShown,
  ]);
  const t = useT();
  const [shown, setShown] = useState(false);
  useEffect(() => onShown(), [onShown]);
  return (
    <>
      <button
        type="button"
        className={styles.heroValue}
        data-testid="total-value"
        aria-expanded={shown}
        disabled={total === null}
        onClick={() => setShown(!shown)}
      >
        {total !== null ? (
          formatTon(total, t.locale)
        ) : priceLoaded && settled ? (
          '—'
        ) : (
          <Skeleton width={160} height={32} />
        )}
      </button>
      {shown && <TotalValueParts />}
    </>
  );
}

/** What the Total value is made of, part by part, each in TKN and TON. */
function TotalValueParts() {
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
            value={
              // Two figures: on a narrow screen they may take a line each (at the space around '·', never
              // inside a figure, whose spaces are no-break), so a long label keeps its room.
              <span className={styles.partFigures}>
                {formatTokens(part.tokens, t.locale)} · {formatTon(part.ton, t.locale)}
              </span>
            }
            valueTestId={`total-part-${part.kind}`}
          />
        ))}
      </ListRows>
    </div>
  );
}
