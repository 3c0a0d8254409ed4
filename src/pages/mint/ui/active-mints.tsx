import { useUnit } from 'effector-react';
import { $mintsLoading, ActiveMintList } from '@/entities/mint';
import { useT } from '@/shared/i18n';
import styles from './mint-page.module.css';

/** Paid mints running toward maturity; a `user:mint` push moves a paid one in here. */
export function ActiveMints() {
  const loading = useUnit($mintsLoading);
  const t = useT();
  return (
    <section className={styles.section} aria-labelledby="active-mints-title">
      <h2 id="active-mints-title" className={styles.heading}>
        {t('mint.activeMints')}
      </h2>
      <ActiveMintList empty={<p className={styles.hint}>{loading ? t('common.loadingEllipsis') : t('mint.noActiveMints')}</p>} />
    </section>
  );
}
