import { useUnit } from 'effector-react';
import { Modal } from '@/shared/ui/modal';
import { $cancelTarget, $isCancelling, cancelConfirmed, cancelDismissed } from '../model/cancel-mint';

export function CancelMintModal() {
  const [mint, busy, onConfirm, onDismiss] = useUnit([$cancelTarget, $isCancelling, cancelConfirmed, cancelDismissed]);
  if (!mint) return null;
  return (
    <Modal
      title="Cancel mint?"
      text={`Mint #${mint.mint_id} will be canceled. A payment sent after that will not activate it.`}
      onClose={() => onDismiss()}
      actions={[
        { label: 'Confirm', onClick: () => onConfirm(), disabled: busy, tone: 'danger' },
        { label: 'Keep mint', onClick: () => onDismiss() },
      ]}
    />
  );
}
