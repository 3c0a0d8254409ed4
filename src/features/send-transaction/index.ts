export {
  $isSending,
  maxMessages,
  PROCESSING_TEXT,
  TRANSACTION_VALIDITY_SECONDS,
  tooManyMessagesText,
  transactionFailed,
  transactionRequested,
  transactionSent,
  WALLET_REQUIRED_TEXT,
} from './model/send-transaction';
export { TEST_TRANSFER_LABEL, TEST_TRANSFER_NANO, testTransferClicked } from './model/test-transfer';
export { TestTransferButton } from './ui/test-transfer-button';
