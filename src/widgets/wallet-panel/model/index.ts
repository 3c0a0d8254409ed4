export * from './wallet-panel';
export * from './prove-wallet';
export {
  $isDisconnecting,
  $isOpen as $disconnectModalOpen,
  disconnectCancelled,
  disconnectClicked,
  disconnectConfirmed,
} from './disconnect-wallet';
