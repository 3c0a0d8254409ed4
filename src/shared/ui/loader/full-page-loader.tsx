import { useT } from '../../i18n';
import styles from './full-page-loader.module.css';

/** The manifest's icon (public/icon.png): the same mark the wallet shows for the app. */
const LOGO_URL = '/icon.png';
export const APP_NAME = 'TON Token';

/** SPEC §2: shown until the data the app needs is ready — the app's mark and name, and a quiet spinner. */
export function FullPageLoader() {
  const t = useT();
  return (
    <div className={styles.loader} role="progressbar" aria-label={t('common.loading')} data-testid="full-page-loader">
      <img className={styles.logo} src={LOGO_URL} alt="" width={88} height={88} />
      <span className={styles.name}>{APP_NAME}</span>
      <span className={styles.spinner} aria-hidden />
    </div>
  );
}
