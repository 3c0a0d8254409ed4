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
