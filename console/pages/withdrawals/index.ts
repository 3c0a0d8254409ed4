import { WithdrawalsPage } from './ui/withdrawals-page';
import { currentRoute } from './model/withdrawals';

export const consoleWithdrawalsPage = { route: currentRoute, view: WithdrawalsPage };
export * as consoleWithdrawalsModel from './model/withdrawals';
