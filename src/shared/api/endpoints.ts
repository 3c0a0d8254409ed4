import { createEffect } from 'effector';
import type { CallBody, CallQuery } from '@contract';
import { sendCall } from './call';

/*
 * Thin typed wrappers over the one request effect (docs/style.md §5), one per contract call. Models `attach`
 * their own copies, so each has its own `.pending` and a test can replace it.
 */

export const registerFx = createEffect((body: CallBody<'register'>) => sendCall('register', { body }));

export const getMeFx = createEffect(() => sendCall('me'));

export const getMaintenanceFx = createEffect(() => sendCall('maintenanceStatus'));

// ---- mint ---------------------------------------------------------------------------------------

export const getMintPlansFx = createEffect(() => sendCall('mintPlans', {}, 'array'));

export const calculateMintFx = createEffect((query: CallQuery<'mintCalculate'>) =>
  sendCall('mintCalculate', { query }),
);

export const createMintFx = createEffect((body: CallBody<'mintCreate'>) => sendCall('mintCreate', { body }));

export const cancelMintFx = createEffect((id: number) => sendCall('mintCancel', { params: { id } }));

/** docs/product.md §7: mints come in one page of up to 300 by default. A 5xx resolves to null (no page). */
export const getMintsFx = createEffect((query: CallQuery<'mintList'> = {}) => sendCall('mintList', { query }));

// ---- staking ------------------------------------------------------------------------------------

export const createStakeFx = createEffect((body: CallBody<'stakeCreate'>) => sendCall('stakeCreate', { body }));

export const getStakesFx = createEffect((query: CallQuery<'stakeList'> = {}) => sendCall('stakeList', { query }));

export const calculateStakeFx = createEffect((query: CallQuery<'stakeCalculate'>) =>
  sendCall('stakeCalculate', { query }),
);

// ---- price --------------------------------------------------------------------------------------

export const getCurrentPriceFx = createEffect(() => sendCall('currentPrice'));

/** The candles of one interval, oldest first (the newest 1 500 without a range). A 5xx resolves to null. */
export const getCandlesFx = createEffect((query: CallQuery<'priceCandles'>) => sendCall('priceCandles', { query }));

// ---- stats --------------------------------------------------------------------------------------

/** The platform's financial figures (docs/product.md §3 stats object). A 5xx resolves to null. */
export const getFinancialStatsFx = createEffect(() => sendCall('financialStats'));

// ---- program rules ------------------------------------------------------------------------------

export const getProgramRulesFx = createEffect(() => sendCall('programRules'));

// ---- referral -----------------------------------------------------------------------------------

/** Page 1 also marks every referral so far as seen (the navbar badge falls to 0). */
export const getReferralsFx = createEffect((query: CallQuery<'referrals'> = {}) => sendCall('referrals', { query }));

export const createShareMessageFx = createEffect(() => sendCall('shareMessage'));

export const transferFromReferralFx = createEffect((body: CallBody<'referralTransfer'>) =>
  sendCall('referralTransfer', { body }),
);

// ---- farming ------------------------------------------------------------------------------------

export const getFarmingPlansFx = createEffect((query: CallQuery<'farmingPlans'>) =>
  sendCall('farmingPlans', { query }),
);

export const calculateFarmingFx = createEffect((query: CallQuery<'farmingCalculate'>) =>
  sendCall('farmingCalculate', { query }),
);

export const createFarmingLinkFx = createEffect((body: CallBody<'farmingCreate'>) =>
  sendCall('farmingCreate', { body }),
);

export const getFarmingLinksFx = createEffect((query: CallQuery<'farmingList'> = {}) =>
  sendCall('farmingList', { query }),
);

export const cancelFarmingLinkFx = createEffect((id: number) => sendCall('farmingCancel', { params: { id } }));

export const getFarmingActivationStatusFx = createEffect((query: CallQuery<'farmingActivationStatus'>) =>
  sendCall('farmingActivationStatus', { query }),
);

export const activateFarmingLinkFx = createEffect((body: CallBody<'farmingActivate'>) =>
  sendCall('farmingActivate', { body }),
);

// ---- tasks --------------------------------------------------------------------------------------

export const getTasksFx = createEffect(() => sendCall('taskList', {}, 'array'));

export const startTaskFx = createEffect((body: CallBody<'taskStart'>) => sendCall('taskStart', { body }));

/** Community, referrals, visit and link proofs; photo uploads go through the upload effect (progress). */
export const validateTaskFx = createEffect((body: CallBody<'taskValidate'>) => sendCall('taskValidate', { body }));

export const claimTaskFx = createEffect((body: CallBody<'taskClaim'>) => sendCall('taskClaim', { body }));

// ---- histories ----------------------------------------------------------------------------------

/** docs/product.md §7: 10 a page, newest first; a 5xx resolves to null (no page). */
export const getOperationsFx = createEffect((query: CallQuery<'operationsHistory'> = {}) =>
  sendCall('operationsHistory', { query }),
);

// ---- sell / withdraw ----------------------------------------------------------------------------

/** What selling that many tokens pays now (TON out, fee, what arrives, the smallest sale). */
export const calculateWithdrawFx = createEffect((query: CallQuery<'withdrawCalculate'>) =>
  sendCall('withdrawCalculate', { query }),
);

/** Sells tokens from one balance: answers the queued withdrawal and the balances after the debit. */
export const createWithdrawalFx = createEffect((body: CallBody<'withdrawCreate'>) =>
  sendCall('withdrawCreate', { body }),
);

// ---- wallet ownership -------------------------------------------------------------------------------

/** A ton_proof payload for the connect request (signed by the server, single use, 15 minutes). */
export const getTonProofPayloadFx = createEffect(() => sendCall('tonProofPayload'));

/** Sends a fresh connection's proof: answers the wallet now bound to the user. */
export const checkTonProofFx = createEffect((body: CallBody<'tonProofCheck'>) => sendCall('tonProofCheck', { body }));

/** docs/product.md §7: 10 a page, newest first; a 5xx resolves to null (no page). */
export const getWithdrawalsFx = createEffect((query: CallQuery<'withdrawHistory'> = {}) =>
  sendCall('withdrawHistory', { query }),
);
