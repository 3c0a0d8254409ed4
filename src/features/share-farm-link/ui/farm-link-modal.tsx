import { useUnit } from 'effector-react';
import { codesToShare } from '@/entities/farming-link';
import { useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { Modal } from '@/shared/ui/modal';
import { $shownLink, farmLinkModalClosed } from '../model/share-farm-link';
import { FarmLinkRow } from './farm-link-actions';
import styles from './share-farm-link.module.css';

/**
 * The farm link modal (docs/product.md §2): the link just made. A multilink is one link for everyone; any other
 * link has a code per activation, each its own link to copy or share with one person.
 */
export function FarmLinkModal() {
  const [link, onClose] = useUnit([$shownLink, farmLinkModalClosed]);
  const t = useT();
  if (!link) return null;
  const codes = codesToShare(link);
  return (
    <Modal
      title={t('farming.linkModalTitle')}
      text={
        link.is_multilink
          ? t('farming.linkModalMultilink', {
              count: link.count_activations,
              amount: formatAmount(link.amount_token, 'token', t.locale),
              days: t('common.days', { count: link.tariff_days }),
            })
          : t('farming.linkModalSingle', {
              count: link.count_activations,
              amount: formatAmount(link.amount_token, 'token', t.locale),
              days: t('common.days', { count: link.tariff_days }),
            })
      }
      onClose={() => onClose()}
      actions={[{ label: t('farming.done'), onClick: () => onClose(), tone: 'primary' }]}
    >
      {link.is_for_me ? <p className={styles.note}>{t('farming.forMeNote')}</p> : null}
      <div className={styles.links}>
        {codes.map((code, index) => (
          <FarmLinkRow
            key={code}
            code={code}
            label={
              codes.length === 1 ? t('farming.theLink') : t('farming.linkNumber', { n: index + 1, total: codes.length })
            }
          />
        ))}
      </div>
    </Modal>
  );
}
