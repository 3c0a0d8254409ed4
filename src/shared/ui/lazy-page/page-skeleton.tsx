import { useT } from '../../i18n';
import { pageClassNames } from '../page';
import { Skeleton, SkeletonCard } from '../skeleton';
import styles from './page-skeleton.module.css';

/** A screen in the shape of a page (title, two cards) while its code loads: announced as loading. */
export function PageSkeleton() {
  const t = useT();
  return (
    <main className={pageClassNames.page} role="status" aria-label={t('common.loading')} data-testid="page-skeleton">
      <header className={`${pageClassNames.header} ${styles.header}`}>
        <Skeleton width="45%" height={30} />
      </header>
      <SkeletonCard lines={2} label={t('common.loading')} />
      <SkeletonCard lines={3} label={t('common.loading')} />
    </main>
  );
}
