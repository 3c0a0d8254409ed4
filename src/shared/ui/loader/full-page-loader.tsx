import styles from './full-page-loader.module.css';

/** SPEC §2: shown until the data the app needs is ready. */
export function FullPageLoader() {
  return (
    <div className={styles.loader} role="progressbar" aria-label="Loading" data-testid="full-page-loader">
      <span className={styles.spinner} />
    </div>
  );
}
