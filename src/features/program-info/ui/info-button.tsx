import { useUnit } from 'effector-react';
import { infoOpened } from '../model/program-info';
import styles from './program-info.module.css';

/** Opens the Info sheet; sits beside a screen's title. */
export function InfoButton() {
  const open = useUnit(infoOpened);
  return (
    <button type="button" className={styles.button} aria-haspopup="dialog" onClick={() => open()}>
      How it works
    </button>
  );
}
