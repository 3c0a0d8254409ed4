import { useUnit } from 'effector-react';
import { useConsoleT } from '../i18n';
import { Icon } from '@shared/ui/icon';
import { Mono } from './record-card';
import { valueCopyClicked } from './copy';
import styles from './copy-value.module.css';

/**
 * An identifier shown whole (an address, a hash: broken anywhere, never past its card), with a button
 * that copies it, so the operator never retypes one.
 */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const t = useConsoleT();
  const copy = useUnit(valueCopyClicked);
  return (
    <span className={styles.copyable}>
      <Mono>{value}</Mono>
      <button
        type="button"
        className={styles.copy}
        aria-label={t('common.copyWhat', { what: label })}
        title={t('common.copyWhat', { what: label })}
        onClick={() => copy(value)}
      >
        <Icon name="copy" size={16} />
      </button>
    </span>
  );
}
