import { useUnit } from 'effector-react';
import type { CandleInterval } from '@console/shared/api';
import { ActionDialog, ConsoleQueryState, FormStack } from '@console/shared/ui';
import { useConsoleT } from '@console/shared/i18n';
import { type MessageKey, useT } from '@shared/i18n';
import { formatChange, formatPrice } from '@shared/lib/format';
import { Button } from '@shared/ui/button';
import { lazyPage } from '@shared/ui/lazy-page';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts } from '@console/shared/ui/record-card';
import { Section } from '@shared/ui/section';
import { SegmentedControl } from '@shared/ui/segmented-control';
import { SkeletonCard } from '@shared/ui/skeleton';
import { TextField } from '@shared/ui/text-field';
import {
  $chartCandles,
  $interval,
  $priceInvalid,
  $priceText,
  CHART_INTERVALS,
  candles,
  intervalChosen,
  pageOpened,
  price,
  priceAction,
  priceTextChanged,
  setClicked,
} from '../model/price';
import styles from './price-page.module.css';

/** The intervals as the app's chart names them (its catalogue, in the operator's language). */
const INTERVAL_LABELS = {
  '5m': 'chart.interval5m',
  '30m': 'chart.interval30m',
  '1h': 'chart.interval1h',
  '4h': 'chart.interval4h',
  '1d': 'chart.interval1d',
} as const satisfies Record<CandleInterval, MessageKey>;

/** The chart library loads with this screen only, never with the console's entry. */
const PriceChart = lazyPage(() => import('./price-chart').then((m) => m.PriceChart), {
  fallback: <SkeletonCard lines={6} />,
});

export function PricePage() {
  const t = useConsoleT();
  const app = useT();
  const [current, status, reload] = useUnit([price.$data, price.$status, pageOpened]);
  const [chart, candlesStatus, interval, choose] = useUnit([$chartCandles, candles.$status, $interval, intervalChosen]);
  const [text, invalid, changed, set] = useUnit([$priceText, $priceInvalid, priceTextChanged, setClicked]);
  const pending = useUnit(priceAction.$pending);
  const segments = CHART_INTERVALS.map((value) => ({ value, label: app(INTERVAL_LABELS[value]) }));
  return (
    <Page title={t('price.title')}>
      <CardGrid minWidth={360}>
        <Section title={t('price.current')} id="price-current">
          <ConsoleQueryState status={status} hasData={current !== null} onRetry={() => reload()}>
            {current ? (
              <Facts>
                <Fact
                  label={t('price.current')}
                  value={formatPrice(current.price, t.locale)}
                  strong
                  valueTestId="console-price"
                />
                <Fact label={t('price.change24h')} value={formatChange(current.price_change_24h, t.locale)} />
              </Facts>
            ) : null}
          </ConsoleQueryState>
          <FormStack onSubmit={() => set()}>
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
          </FormStack>
        </Section>
        <Section title={t('price.chart')} id="price-chart">
          <div className={styles.chartBody}>
            <SegmentedControl segments={segments} value={interval} onChange={choose} label={t('price.intervals')} />
            <ConsoleQueryState
              status={candlesStatus}
              hasData={chart !== null}
              isEmpty={chart?.length === 0}
              empty={t('price.chartEmpty')}
              onRetry={() => reload()}
            >
              {chart ? (
                <PriceChart
                  candles={chart}
                  intraday={interval !== '1d'}
                  label={t('price.chartLabel', { interval: app(INTERVAL_LABELS[interval]) })}
                />
              ) : null}
            </ConsoleQueryState>
          </div>
        </Section>
      </CardGrid>
      <ActionDialog
        action={priceAction}
        texts={(newPrice) => ({
          title: t('price.set'),
          text: t('price.setConfirm', { price: formatPrice(newPrice, t.locale) }),
        })}
      />
    </Page>
  );
}
