import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { formatAmount, formatChange } from '@/shared/lib/format';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { Skeleton } from '@/shared/ui/skeleton';
import type { ChangeDirection } from '../lib/price-change';
import { $currentPrice, $priceChanges, $priceLoaded } from '../model/price';
import styles from './price-summary.module.css';

const TONES: Record<ChangeDirection, BadgeTone> = { up: 'success', down: 'danger', flat: 'neutral' };

/** The token's price in TON and its 24 h and 30 d changes, green up and red down, live from the socket. */
export function PriceSummary() {
  const [price, changes, loaded] = useUnit([$currentPrice, $priceChanges, $priceLoaded]);
  const t = useT();
  if (!price || !changes) {
    return <span className={styles.price}>{loaded ? t('price.unavailable') : <Skeleton width={180} />}</span>;
  }
  const [day, month] = changes;
  return (
    <span className={styles.price}>
      <span data-testid="current-price">
        {t('dashboard.price', { price: formatAmount(price.price, 'price', t.locale) })}
      </span>
      {/* The two changes wrap as one: on a narrow screen they go below the price together, never one alone. */}
      <span className={styles.changes} data-testid="price-changes">
        <span data-testid="price-change-24h" data-direction={day.direction}>
          <Badge tone={TONES[day.direction]}>
            {t('price.change24h', { change: formatChange(day.change, t.locale) })}
          </Badge>
        </span>
        <span data-testid="price-change-30d" data-direction={month.direction}>
          <Badge tone={TONES[month.direction]}>
            {t('price.change30d', { change: formatChange(month.change, t.locale) })}
          </Badge>
        </span>
      </span>
    </span>
  );
}
