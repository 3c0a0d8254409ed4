import { useUnit } from 'effector-react';
import { useConsoleT } from '@/shared/console-i18n';
import { formatPercent, formatPrice } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { lazyPage } from '@/shared/ui/lazy-page';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { QueryState } from '@/shared/ui/query-state';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { TextField } from '@/shared/ui/text-field';
import {
  $priceInvalid,
  $priceText,
  candles,
  pageOpened,
  price,
  priceAction,
  priceTextChanged,
  setClicked,
} from '../model/price';
import styles from './price-page.module.css';

/** The chart library loads with this screen only, never with the console's entry. */
const PriceLine = lazyPage(() => import('./price-line').then((m) => m.PriceLine), {
  fallback: <SkeletonCard lines={6} />,
});

export function PricePage() {
  const t = useConsoleT();
  const [current, status, reload] = useUnit([price.$data, price.$status, pageOpened]);
  const [list, candlesStatus, candlesLoaded] = useUnit([candles.$data, candles.$status, candles.$loaded]);
  const [text, invalid, changed, set] = useUnit([$priceText, $priceInvalid, priceTextChanged, setClicked]);
  const [asking, pending, confirm, cancel] = useUnit([
    priceAction.$asking,
    priceAction.$pending,
    priceAction.confirmed,
    priceAction.cancelled,
  ]);
  const texts = { loading: t('common.loading'), failed: t('common.loadFailed'), retry: t('common.tryAgain') };
  return (
    <Page title={t('price.title')}>
      <div className={styles.layout}>
        <Section title={t('price.current')} id="price-current">
          <QueryState
            status={status}
            hasData={current !== null}
            empty={false}
            texts={{ ...texts, empty: '' }}
            onRetry={() => reload()}
          >
            {current ? (
              <ListRows>
                <ListRow
                  label={t('price.current')}
                  value={formatPrice(current.price)}
                  strong
                  valueTestId="console-price"
                />
                <ListRow label={t('price.change24h')} value={formatPercent(String(current.price_change_24h))} />
              </ListRows>
            ) : null}
          </QueryState>
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              set();
            }}
          >
            <TextField
              id="console-new-price"
              label={t('price.new')}
              value={text}
              onChange={changed}
              problem={invalid ? t('price.invalid') : null}
              mono
            />
            <Button type="submit" loading={pending} disabled={text.trim() === ''}>
              {t('price.set')}
            </Button>
          </form>
        </Section>
        <Section title={t('price.chart')} id="price-chart" plain>
          <QueryState
            status={candlesStatus}
            hasData={candlesLoaded}
            empty={list.length === 0}
            texts={{ ...texts, empty: t('price.chartEmpty') }}
            onRetry={() => reload()}
          >
            <PriceLine candles={list} label={t('price.chart')} />
          </QueryState>
        </Section>
      </div>
      {asking !== null ? (
        <ConfirmDialog
          texts={{
            title: t('price.set'),
            text: t('price.setConfirm', { price: formatPrice(asking) }),
            confirm: t('common.confirm'),
            cancel: t('common.cancel'),
          }}
          pending={pending}
          onConfirm={() => confirm()}
          onCancel={() => cancel()}
        />
      ) : null}
    </Page>
  );
}
