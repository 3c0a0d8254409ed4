export { walletWidgetStarted } from './model/wallet-panel';
export { WalletPanel } from './ui/wallet-panel';
export * as walletPanelModel from './model';
