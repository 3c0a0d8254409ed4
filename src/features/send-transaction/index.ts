export { $isSending, transactionRequested } from './model/send-transaction';
export { TestTransferButton } from './ui/test-transfer-button';
export * as sendTransactionModel from './model';
