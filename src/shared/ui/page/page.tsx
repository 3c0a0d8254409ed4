import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The page frame's classes, for a stand-in that must take exactly its place (the lazy page's skeleton). */
export const pageClassNames = { page: styles.page, header: styles.header } as const;

/** A screen's frame: its title (with an optional action beside it) and content above the navbar. */
export function Page({ title, action, children }: { title: string; action?: ReactNode; children?: ReactNode }) {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {action}
      </header>
      {children}
    </main>
  );
}

/**
 * Full-screen message with an optional action (launch failures and the like): an icon, a title in
 * plain words, what to do next, and the button that does it.
 */
export function MessageScreen({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: string;
  action?: { label: string; onClick: () => void };
  icon?: ReactNode;
}) {
  return (
    <main className={styles.message} role="alert">
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <h1 className={styles.messageTitle}>{title}</h1>
      {text ? <p className={styles.hint}>{text}</p> : null}
      {action ? (
        <button type="button" className={styles.button} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </main>
  );
}
