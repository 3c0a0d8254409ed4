import { useT } from '../../i18n';
import styles from './full-page-loader.module.css';

/** SPEC §2: shown until the data the app needs is ready. */
export function FullPageLoader() {
  const t = useT();
  return (
    <div className={styles.loader} role="progressbar" aria-label={t('common.loading')} data-testid="full-page-loader">
      <span className={styles.spinner} />
    </div>
  );
}
