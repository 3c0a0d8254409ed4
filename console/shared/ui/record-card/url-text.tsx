import { Fragment } from 'react';
import styles from './record-card.module.css';

/** After these a long URL may break: its own separators, so a line ends between its parts, not inside one. */
const BREAK_AFTER = /(?<=[/?&=#.\-_~:])/;

/**
 * A URL as text that wraps between its parts (after a slash, a dot, an ampersand…) rather than mid-word; a
 * part longer than the whole line still breaks (overflow-wrap), never running past its card.
 */
export function UrlText({ url }: { url: string }) {
  const parts = url.split(BREAK_AFTER);
  return (
    <span className={styles.url}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
