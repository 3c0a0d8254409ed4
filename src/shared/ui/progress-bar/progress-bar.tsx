import styles from './progress-bar.module.css';

/** How far something has come, 0–100 (values outside are clamped). */
export function ProgressBar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  const value = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.floor(value)}
      data-testid={testId}
    >
      <div className={styles.fill} style={{ width: `${value}%` }} />
    </div>
  );
}
