import { useUnit } from 'effector-react';
import { ActionDialog, ConsoleQueryState, FormStack } from '@/shared/console-ui';
import { useConsoleT } from '@/shared/console-i18n';
import { formatPercent, formatPrice } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { lazyPage } from '@/shared/ui/lazy-page';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { CardGrid } from '@/shared/ui/record-card';
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

/** The chart library loads with this screen only, never with the console's entry. */
const PriceLine = lazyPage(() => import('./price-line').then((m) => m.PriceLine), {
  fallback: <SkeletonCard lines={6} />,
});

export function PricePage() {
  const t = useConsoleT();
  const [current, status, reload] = useUnit([price.$data, price.$status, pageOpened]);
  const [list, candlesStatus, candlesLoaded] = useUnit([candles.$data, candles.$status, candles.$loaded]);
  const [text, invalid, changed, set] = useUnit([$priceText, $priceInvalid, priceTextChanged, setClicked]);
  const pending = useUnit(priceAction.$pending);
  return (
    <Page title={t('price.title')}>
      <CardGrid minWidth={360}>
        <Section title={t('price.current')} id="price-current">
          <ConsoleQueryState status={status} hasData={current !== null} onRetry={() => reload()}>
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
        <Section title={t('price.chart')} id="price-chart" plain>
          <ConsoleQueryState
            status={candlesStatus}
            hasData={candlesLoaded}
            isEmpty={list.length === 0}
            empty={t('price.chartEmpty')}
            onRetry={() => reload()}
          >
            <PriceLine candles={list} label={t('price.chart')} />
          </ConsoleQueryState>
        </Section>
      </CardGrid>
      <ActionDialog
        action={priceAction}
        texts={(newPrice) => ({ title: t('price.set'), text: t('price.setConfirm', { price: formatPrice(newPrice) }) })}
      />
    </Page>
  );
}
