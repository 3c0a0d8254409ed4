import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { Modal } from '@/shared/ui/modal';
import { $cancelTarget, $isCancelling, cancelConfirmed, cancelDismissed } from '../model/cancel-mint';

export function CancelMintModal() {
  const [mint, busy, onConfirm, onDismiss] = useUnit([$cancelTarget, $isCancelling, cancelConfirmed, cancelDismissed]);
  const t = useT();
  if (!mint) return null;
  return (
    <Modal
      title={t('mint.cancelTitle')}
      text={t('mint.cancelText', { code: mint.mint_id })}
      onClose={() => onDismiss()}
      actions={[
        { label: t('mint.cancelConfirm'), onClick: () => onConfirm(), disabled: busy, tone: 'danger' },
        { label: t('mint.keep'), onClick: () => onDismiss() },
      ]}
    />
  );
}
