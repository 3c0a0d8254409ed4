import { createRoutesView, Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { ActiveMintList } from '@/entities/mint';
import { StakeList } from '@/entities/stake';
import { $refLevel, $user } from '@/entities/user';
import { useT } from '@/shared/i18n';
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
  const t = useT();
  if (!user) return null;
  return (
    <Page title={t('dashboard.title')} action={<InfoButton />}>
      <WalletPanel />
      <section className={styles.card} aria-label={t('dashboard.balances')}>
        <Amount label={t('dashboard.balance')} value={user.balance_token} unit="TKN" testId="balance-token" />
        <Amount label={t('dashboard.taskBalance')} value={user.task_balance} unit="TKN" testId="task-balance" />
        <Amount label={t('dashboard.referralBalance')} value={user.referral_balance} unit="TKN" testId="referral-balance" />
      </section>
      <section className={styles.card} aria-label={t('dashboard.bonuses')}>
        <Amount label={t('dashboard.holdBonus')} value={user.hold_bonus} unit="%" testId="hold-bonus" />
        <Amount label={t('dashboard.investmentBonus')} value={user.investment_bonus} unit="%" testId="investment-bonus" />
        <Amount label={t('dashboard.collectiveBonus')} value={user.collective_bonus} unit="%" testId="collective-bonus" />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-mints-title">
        <h2 id="dashboard-mints-title" className={styles.heading}>
          {t('dashboard.activeMints')}
        </h2>
        <ActiveMintList empty={<p className={styles.hint}>{t('dashboard.noActiveMints')}</p>} />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-stakes-title">
        <h2 id="dashboard-stakes-title" className={styles.heading}>
          {t('dashboard.activeStakes')}
        </h2>
        <StakeList which="active" empty={<p className={styles.hint}>{t('dashboard.noActiveStakes')}</p>} />
      </section>
      <p className={styles.level} data-testid="ref-level">
        {t('dashboard.referralLevel', { level: level ?? '' })}
      </p>
      <nav className={styles.tabs} aria-label={t('dashboard.sections')}>
        <Link to={routes.dashboard}>{t('dashboard.overview')}</Link>
        <Link to={routes.history}>{t('dashboard.history')}</Link>
        <Link to={routes.dashboardFarming}>{t('dashboard.farming')}</Link>
        <Link to={routes.dashboardSell}>{t('dashboard.sell')}</Link>
      </nav>
      <DashboardChildren />
    </Page>
  );
}

function SectionTitle({ text }: { text: 'dashboard.history' | 'dashboard.farming' | 'dashboard.sell' }) {
  const t = useT();
  return <h2>{t(text)}</h2>;
}

// Later issues fill these sections; for now they are their titles only.
const DashboardChildren = createRoutesView({
  routes: [
    { route: historyRoute, view: () => <SectionTitle text="dashboard.history" /> },
    { route: farmingRoute, view: () => <SectionTitle text="dashboard.farming" /> },
    { route: sellRoute, view: () => <SectionTitle text="dashboard.sell" /> },
  ],
});
