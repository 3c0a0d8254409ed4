import { useT } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import styles from './maintenance-screen.module.css';

/** docs/product.md §2: replaces the whole app while the server reports maintenance. */
export function MaintenanceScreen() {
  const t = useT();
  return (
    <main className={styles.screen} role="alert" aria-live="polite">
      <div className={styles.icon}>
        <Icon name="tools" size={56} />
      </div>
      <h1 className={styles.title}>{t('maintenance.title')}</h1>
      <p className={styles.text}>{t('maintenance.text')}</p>
    </main>
  );
}
