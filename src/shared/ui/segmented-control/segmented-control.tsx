import type { ReactNode } from 'react';
import styles from './segmented-control.module.css';

export interface Segment<Value extends string | number> {
  value: Value;
  label: ReactNode;
}

/**
 * One choice among a few (plans, intervals): buttons in a track, the chosen one raised. Each is a
 * toggle button (aria-pressed), so a screen reader says which is on.
 */
export function SegmentedControl<Value extends string | number>({
  segments,
  value,
  onChange,
  label,
}: {
  segments: ReadonlyArray<Segment<Value>>;
  value: Value | null;
  onChange: (value: Value) => void;
  /** Accessible name of the group. */
  label: string;
}) {
  return (
    <div className={styles.track} role="group" aria-label={label}>
      {segments.map((segment) => (
        <button
          key={segment.value}
          type="button"
          className={segment.value === value ? `${styles.segment} ${styles.active}` : styles.segment}
          aria-pressed={segment.value === value}
          onClick={() => onChange(segment.value)}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}

/** The segmented look for links (sub-sections that are routes): the current one is marked. */
export const segmentedClassNames = { track: styles.track, segment: styles.segment, active: styles.active } as const;
