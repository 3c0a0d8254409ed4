import { Icon } from '@/shared/ui/icon';
import styles from './maintenance-screen.module.css';

/** SPEC §2: replaces the whole app while the server reports maintenance. */
export function MaintenanceScreen() {
  return (
    <main className={styles.screen} role="alert" aria-live="polite">
      <div className={styles.icon}>
        <Icon name="tools" size={56} />
      </div>
      <h1 className={styles.title}>We are under maintenance</h1>
      <p className={styles.text}>Come back later</p>
    </main>
  );
}
