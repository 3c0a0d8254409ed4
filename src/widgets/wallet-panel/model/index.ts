export * from './wallet-panel';
export {
  $isDisconnecting,
  $isOpen as $disconnectModalOpen,
  disconnectCancelled,
  disconnectClicked,
  disconnectConfirmed,
} from './disconnect-wallet';
