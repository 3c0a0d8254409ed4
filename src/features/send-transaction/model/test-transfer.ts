import { createEvent, sample } from 'effector';
import { appConfig } from '@/shared/config';
import { transactionRequested } from './send-transaction';

/** Sandbox: 1 TON to the dev chain's treasury, to try signing without buying anything. */
export const TEST_TRANSFER_NANO = '1000000000';

export const testTransferClicked = createEvent();

sample({
  clock: testTransferClicked,
  filter: () => appConfig.testTransferAddress !== null,
  fn: () => ({ messages: [{ address: appConfig.testTransferAddress!, amount: TEST_TRANSFER_NANO }] }),
  target: transactionRequested,
});
