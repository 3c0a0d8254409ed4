import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { $isInviting, copyLinkClicked, inviteClicked } from '../model/invite';
import styles from './invite-actions.module.css';

/** Invite Friends, as a button of any size (the navbar's, an empty list's). */
export function InviteButton({ size = 'm', stretched = true }: { size?: 'm' | 's'; stretched?: boolean }) {
  const [inviting, onInvite] = useUnit([$isInviting, inviteClicked]);
  const t = useT();
  return (
    <Button size={size} stretched={stretched} loading={inviting} onClick={() => onInvite()}>
      {t('referral.invite')}
    </Button>
  );
}

/** docs/product.md §2: on the referral screen the navbar also shows Invite Friends and a copy-link button. */
export function InviteActions() {
  const onCopy = useUnit(copyLinkClicked);
  const t = useT();
  return (
    <div className={styles.actions}>
      <InviteButton />
      <button
        type="button"
        className={styles.copy}
        aria-label={t('referral.copyLink')}
        title={t('referral.copyLink')}
        onClick={() => onCopy()}
      >
        <Icon name="copy" />
      </button>
    </div>
  );
}
