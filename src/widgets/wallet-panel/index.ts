export { buttonRootMounted, buttonRootUnmounted, walletWidgetStarted, widgetLanguage } from './model/wallet-panel';
export { WalletPanel } from './ui/wallet-panel';
export { $isOpen as $disconnectModalOpen, disconnectConfirmed } from './model/disconnect-wallet';
