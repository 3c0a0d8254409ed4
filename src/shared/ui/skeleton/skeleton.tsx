import styles from './skeleton.module.css';

/** A placeholder block in the shape of what is loading. Decorative: the container says "loading". */
export function Skeleton({
  width = '100%',
  height = 16,
  radius,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
}) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden />;
}

/** A card-shaped placeholder with a few lines, announced as loading. */
export function SkeletonCard({
  lines = 3,
  label = 'Loading',
  testId,
}: {
  lines?: number;
  label?: string;
  testId?: string;
}) {
  return (
    <div className={styles.card} role="status" aria-label={label} data-testid={testId}>
      <span className={styles.head}>
        <Skeleton width="35%" height={18} />
        <Skeleton width={64} height={20} radius={999} />
      </span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.line}>
          <Skeleton width="30%" />
          <Skeleton width={index % 2 ? '25%' : '40%'} />
        </span>
      ))}
    </div>
  );
}
