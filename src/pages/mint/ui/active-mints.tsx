import { useUnit } from 'effector-react';
import { $mintsLoaded, ActiveMintList } from '@/entities/mint';
import { useT } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';

/** Paid mints running toward maturity; a `user:mint` push moves a paid one in here. */
export function ActiveMints() {
  const loaded = useUnit($mintsLoaded);
  const t = useT();
  return (
    <Section plain title={t('mint.activeMints')} id="active-mints">
      {loaded ? (
        <ActiveMintList
          empty={
            <EmptyState
              icon={<Icon name="mint" />}
              title={t('mint.noActiveMints')}
              text={t('mint.noActiveMintsText')}
            />
          }
        />
      ) : (
        <SkeletonCard label={t('dashboard.loadingMints')} />
      )}
    </Section>
  );
}
