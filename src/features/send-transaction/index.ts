import { lazyPage } from '@/shared/ui/lazy-page';

export { $isSending, transactionRequested } from './model/send-transaction';
/** Drawn only with a connected wallet (and only in sandbox): its code loads then, or at idle. */
export const TestTransferButton = lazyPage(
  () => import('./ui/test-transfer-button').then((m) => m.TestTransferButton),
  {
    fallback: null,
  },
);
export * as sendTransactionModel from './model';
