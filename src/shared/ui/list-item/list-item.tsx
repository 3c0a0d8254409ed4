import type { HTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from '../icon';
import styles from './list-item.module.css';

/** A list of ListItems (no bullets, rows split by separators). */
export function ItemList({ children, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return (
    <ul className={styles.list} {...rest}>
      {children}
    </ul>
  );
}

/** How a figure on the right reads: accent (money in), strong, plain, small, hint (a note). */
export type FigureTone = 'accent' | 'strong' | 'plain' | 'small' | 'hint';

export interface Figure {
  /** Read by screen readers only (a <dt>): what the figure is. */
  label: string;
  value: ReactNode;
  tone: FigureTone;
  testId?: string;
}

/** The round icon a row opens with. */
export function ListItemIcon({ name }: { name: IconName }) {
  return (
    <span className={styles.icon}>
      <Icon name={name} size={20} />
    </span>
  );
}

/** A secondary line of a row (one line, cut with an ellipsis); `dateTime` makes it a <time>. */
export function ListItemMeta({
  children,
  dateTime,
  title,
  testId,
}: {
  children: ReactNode;
  dateTime?: string;
  title?: string;
  testId?: string;
}) {
  return dateTime ? (
    <time className={styles.meta} dateTime={dateTime} title={title} data-testid={testId}>
      {children}
    </time>
  ) : (
    <span className={styles.meta} title={title} data-testid={testId}>
      {children}
    </span>
  );
}

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

/**
 * One row of a list (operations, withdrawals, friends): a leading media (icon or avatar), a title with
 * its meta lines (and anything under them), and figures on the right as a description list.
 */
export function ListItem({
  media,
  title,
  children,
  figures,
  alignTop = false,
  label,
  ...data
}: {
  media: ReactNode;
  title: ReactNode;
  /** The meta lines (ListItemMeta) and whatever follows them (a status). */
  children?: ReactNode;
  figures: Figure[];
  /** Rows with many lines keep the media and figures at the top. */
  alignTop?: boolean;
  /** The row's accessible name, when the title alone does not give it. */
  label?: string;
} & DataAttributes) {
  return (
    <li className={alignTop ? `${styles.item} ${styles.top}` : styles.item} aria-label={label} {...data}>
      {media}
      <div className={styles.body}>
        <span className={styles.title}>{title}</span>
        {children}
      </div>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <FigureRow key={figure.label} figure={figure} />
        ))}
      </dl>
    </li>
  );
}

function FigureRow({ figure }: { figure: Figure }) {
  return (
    <>
      <dt className={styles.srOnly}>{figure.label}</dt>
      <dd className={styles[figure.tone]} data-testid={figure.testId}>
        {figure.value}
      </dd>
    </>
  );
}
