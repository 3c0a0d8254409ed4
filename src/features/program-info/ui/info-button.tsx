import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { infoOpened } from '../model/program-info';
import styles from './program-info.module.css';

/** Opens the Info sheet; sits beside a screen's title. */
export function InfoButton() {
  const open = useUnit(infoOpened);
  const t = useT();
  return (
    <button type="button" className={styles.button} aria-haspopup="dialog" onClick={() => open()}>
      {t('info.button')}
    </button>
  );
}
