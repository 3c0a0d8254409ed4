import { createRoutesView } from 'atomic-router-react';
import { dashboardFarmingPage, dashboardPage, dashboardSellPage, historyPage } from '@/pages/dashboard';
import { mintPage } from '@/pages/mint';
import { notFoundPage } from '@/pages/not-found';
import { referralFarmingPage, referralPage, referralSellPage } from '@/pages/referral';
import { selectMintPage, stakingPage } from '@/pages/staking';
import { tasksFarmingPage, tasksPage, tasksSellPage } from '@/pages/tasks';

export const RoutesView = createRoutesView({
  routes: [
    dashboardPage,
    historyPage,
    dashboardFarmingPage,
    dashboardSellPage,
    mintPage,
    referralPage,
    referralFarmingPage,
    referralSellPage,
    tasksPage,
    tasksFarmingPage,
    tasksSellPage,
    stakingPage,
    selectMintPage,
    notFoundPage,
  ],
});
