export { $isSending, transactionRequested, WALLET_REQUIRED_TEXT } from './model/send-transaction';
export { TestTransferButton } from './ui/test-transfer-button';
export * as sendTransactionModel from './model';
