export * from './send-transaction';
export * from './test-transfer';
