import { useT } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { useUnit } from 'effector-react';
import { $isBlocked, $joinLinkOpened, $stillNotJoined, doneClicked, joinClicked } from '../model/community-gate';
import styles from './join-community-modal.module.css';

/** Full-screen, not dismissible: the product cannot be used until the user has joined. */
export function JoinCommunityModal() {
  const [isBlocked, linkOpened, stillNotJoined, onJoin, onDone] = useUnit([
    $isBlocked,
    $joinLinkOpened,
    $stillNotJoined,
    joinClicked,
    doneClicked,
  ]);
  const t = useT();
  if (!isBlocked) return null;
  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby="join-community-title">
      <div className={styles.icon}>
        <Icon name="community" size={56} />
      </div>
      <h1 id="join-community-title" className={styles.title}>
        {t('community.title')}
      </h1>
      {stillNotJoined ? (
        <p className={styles.note} role="status" data-testid="not-joined-yet">
          {t('community.notJoinedYet')}
        </p>
      ) : null}
      {linkOpened ? (
        <button type="button" className={styles.button} onClick={() => onDone()}>
          {t('community.done')}
        </button>
      ) : (
        <button type="button" className={styles.button} onClick={() => onJoin()}>
          {t('community.join')}
        </button>
      )}
    </div>
  );
}
