import { useUnit } from 'effector-react';
import { farmLink } from '@/shared/config';
import { useT } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { copyClicked, shareClicked } from '../model/share-farm-link';
import styles from './share-farm-link.module.css';

/**
 * One activation code as its link, with Copy and Share. `label` names the link for assistive
 * technology (and e2e): 'Link 2 of 5'.
 */
export function FarmLinkRow({ code, label }: { code: string; label: string }) {
  const [onCopy, onShare] = useUnit([copyClicked, shareClicked]);
  const t = useT();
  const url = farmLink(code);
  return (
    <div className={styles.linkRow} role="group" aria-label={label} data-testid="farm-link-row">
      <span className={styles.url} data-testid="farm-link-url">
        {url}
      </span>
      <span className={styles.buttons}>
        <Button
          variant="secondary"
          size="s"
          stretched={false}
          aria-label={t('farming.copyLabel', { label })}
          onClick={() => onCopy(code)}
        >
          <Icon name="copy" size={16} /> {t('farming.copy')}
        </Button>
        <Button
          variant="secondary"
          size="s"
          stretched={false}
          aria-label={t('farming.shareLabel', { label })}
          onClick={() => onShare(code)}
        >
          <Icon name="share" size={16} /> {t('farming.share')}
        </Button>
      </span>
    </div>
  );
}
