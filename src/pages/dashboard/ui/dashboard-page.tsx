import { createRoutesView, Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { ActiveMintList } from '@/entities/mint';
import { StakeList } from '@/entities/stake';
import { $refLevel, $user } from '@/entities/user';
import { formatAmount } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Page } from '@/shared/ui/page';
import { WalletPanel } from '@/widgets/wallet-panel';
import { farmingRoute, historyRoute, sellRoute } from '../model/dashboard';
import styles from './dashboard-page.module.css';
import { InfoButton } from '@/features/program-info';

function Amount({ label, value, unit, testId }: { label: string; value: string | number; unit: string; testId: string }) {
  return (
    <div className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value} data-testid={testId}>
        {formatAmount(value, 2)} {unit}
      </span>
    </div>
  );
}

/** The user's balances and bonuses from /user/me, live through the socket (SPEC §3, §5). */
export function DashboardPage() {
  const [user, level] = useUnit([$user, $refLevel]);
  if (!user) return null;
  return (
    <Page title="Dashboard" action={<InfoButton />}>
      <WalletPanel />
      <section className={styles.card} aria-label="Balances">
        <Amount label="Balance" value={user.balance_token} unit="TKN" testId="balance-token" />
        <Amount label="Task balance" value={user.task_balance} unit="TKN" testId="task-balance" />
        <Amount label="Referral balance" value={user.referral_balance} unit="TKN" testId="referral-balance" />
      </section>
      <section className={styles.card} aria-label="Bonuses">
        <Amount label="Hold bonus" value={user.hold_bonus} unit="%" testId="hold-bonus" />
        <Amount label="Investment bonus" value={user.investment_bonus} unit="%" testId="investment-bonus" />
        <Amount label="Collective bonus" value={user.collective_bonus} unit="%" testId="collective-bonus" />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-mints-title">
        <h2 id="dashboard-mints-title" className={styles.heading}>
          Active mints
        </h2>
        <ActiveMintList empty={<p className={styles.hint}>No active mints.</p>} />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-stakes-title">
        <h2 id="dashboard-stakes-title" className={styles.heading}>
          Active stakes
        </h2>
        <StakeList which="active" empty={<p className={styles.hint}>No active stakes.</p>} />
      </section>
      <p className={styles.level} data-testid="ref-level">
        Referral level {level}
      </p>
      <nav className={styles.tabs} aria-label="Dashboard sections">
        <Link to={routes.dashboard}>Overview</Link>
        <Link to={routes.history}>History</Link>
        <Link to={routes.dashboardFarming}>Farming</Link>
        <Link to={routes.dashboardSell}>Sell</Link>
      </nav>
      <DashboardChildren />
    </Page>
  );
}

// Later issues fill these sections; for now they are their titles only.
const DashboardChildren = createRoutesView({
  routes: [
    { route: historyRoute, view: () => <h2>History</h2> },
    { route: farmingRoute, view: () => <h2>Farming</h2> },
    { route: sellRoute, view: () => <h2>Sell</h2> },
  ],
});
