import { useUnit } from 'effector-react';
import { Modal } from '@/shared/ui/modal';
import {
  $isDisconnecting,
  $isOpen,
  disconnectCancelled,
  disconnectConfirmed,
} from '../model/disconnect-wallet';

export function DisconnectWalletModal() {
  const [isOpen, busy, onConfirm, onCancel] = useUnit([$isOpen, $isDisconnecting, disconnectConfirmed, disconnectCancelled]);
  if (!isOpen) return null;
  return (
    <Modal
      title="Disconnect wallet?"
      text="You can connect it again at any time."
      onClose={() => onCancel()}
      actions={[
        { label: 'Disconnect', onClick: () => onConfirm(), disabled: busy, tone: 'danger' },
        { label: 'Cancel', onClick: () => onCancel() },
      ]}
    />
  );
}
