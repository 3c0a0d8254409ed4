import type { ReactNode } from 'react';
import styles from './section.module.css';

/**
 * A group of content on the page: an optional header (title, and something on its right such as a
 * link) above a card. `id` names the section for assistive technology through its title.
 */
export function Section({
  title,
  aside,
  footer,
  children,
  id,
  label,
  plain = false,
  testId,
}: {
  title?: string;
  aside?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** Used for the title's id (aria-labelledby); needed when `title` is set. */
  id?: string;
  /** Accessible name when the section has no visible title. */
  label?: string;
  /** No card: the children sit straight on the page (lists of cards, empty states). */
  plain?: boolean;
  testId?: string;
}) {
  const titleId = title && id ? `${id}-title` : undefined;
  return (
    <section
      className={styles.section}
      aria-labelledby={titleId}
      aria-label={titleId ? undefined : label}
      data-testid={testId}
    >
      {title ? (
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {aside}
        </header>
      ) : null}
      {plain ? children : <div className={styles.card}>{children}</div>}
      {footer ? <p className={styles.footer}>{footer}</p> : null}
    </section>
  );
}

/** A card on its own (a list item, a stake, a mint): the section's surface without a header. */
export function Card({
  children,
  className,
  as: Tag = 'div',
  ...rest
}: {
  children?: ReactNode;
  className?: string;
  as?: 'div' | 'article';
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <Tag className={className ? `${styles.card} ${className}` : styles.card} {...rest}>
      {children}
    </Tag>
  );
}
