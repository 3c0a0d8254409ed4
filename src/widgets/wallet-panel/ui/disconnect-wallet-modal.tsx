import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { Modal } from '@/shared/ui/modal';
import { $isDisconnecting, $isOpen, disconnectCancelled, disconnectConfirmed } from '../model/disconnect-wallet';

export function DisconnectWalletModal() {
  const [isOpen, busy, onConfirm, onCancel] = useUnit([
    $isOpen,
    $isDisconnecting,
    disconnectConfirmed,
    disconnectCancelled,
  ]);
  const t = useT();
  if (!isOpen) return null;
  return (
    <Modal
      title={t('wallet.disconnectTitle')}
      text={t('wallet.disconnectText')}
      onClose={() => onCancel()}
      actions={[
        { label: t('wallet.disconnect'), onClick: () => onConfirm(), disabled: busy, tone: 'danger' },
        { label: t('common.cancel'), onClick: () => onCancel() },
      ]}
    />
  );
}
