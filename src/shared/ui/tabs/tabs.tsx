import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface Tab<Value extends string> {
  value: Value;
  label: ReactNode;
}

/** Tabs over one panel: an underline marks the active one (role tab, aria-selected). */
export function Tabs<Value extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: ReadonlyArray<Tab<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  label: string;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className={tab.value === value ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The tab look for links (routes as tabs): the current one is marked. */
export const tabClassNames = { tabs: styles.tabs, tab: styles.tab, active: styles.active } as const;
