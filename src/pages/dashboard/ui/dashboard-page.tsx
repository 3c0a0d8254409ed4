import { createRoutesView, Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $activeMints, $mintsLoaded, ActiveMintList } from '@/entities/mint';
import { $stakesLoaded, StakeList } from '@/entities/stake';
import { $refLevel, $user } from '@/entities/user';
import { HomeScreenOffer } from '@/features/add-to-home-screen';
import { InfoButton } from '@/features/program-info';
import { useT } from '@/shared/i18n';
import { formatPercent, formatTokens } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { lazyPage } from '@/shared/ui/lazy-page';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { Section } from '@/shared/ui/section';
import { segmentedClassNames } from '@/shared/ui/segmented-control';
import { Skeleton, SkeletonCard } from '@/shared/ui/skeleton';
import { WalletPanel } from '@/widgets/wallet-panel';
import { dashboardRoute, farmingRoute, historyRoute, sections, sellRoute } from '../model/dashboard';
import { $sectionUnderSell } from '../model/sell';
import styles from './dashboard-page.module.css';
import { FinancialStats } from './lazy-financial-stats';
import { PriceChart } from './lazy-price-chart';
import { PriceSummary } from './price-summary';

// The figure and its parts are a chunk of its own, with their model: lists and price load meanwhile.
const TotalValueFigure = lazyPage(() => import('./total-value-parts').then((m) => m.TotalValueFigure), {
  fallback: <Skeleton width={160} height={32} />,
});

/** Everything the user owns at the current price (docs/product.md §2 dashboard), with the live price under it. */
function TotalValue() {
  const t = useT();
  return (
    <section className={styles.hero} aria-label={t('dashboard.totalValue')}>
      <span className={styles.heroLabel}>{t('dashboard.totalValue')}</span>
      <TotalValueFigure />
      <PriceSummary />
    </section>
  );
}

/** The sub-sections (docs/product.md §2 routes) as a segmented control; the open one is marked. */
function SectionSwitch() {
  const t = useT();
  return (
    <nav className={`${segmentedClassNames.track} ${styles.switch}`} aria-label={t('dashboard.sections')}>
      {sections.map(({ route, label }) => (
        <SectionLink key={label} route={route} label={t(label)} />
      ))}
    </nav>
  );
}

function SectionLink({ route, label }: { route: (typeof sections)[number]['route']; label: string }) {
  const opened = useUnit(route.$isOpened);
  return (
    <Link
      to={route}
      className={opened ? `${segmentedClassNames.segment} ${segmentedClassNames.active}` : segmentedClassNames.segment}
      aria-current={opened ? 'page' : undefined}
    >
      {label}
    </Link>
  );
}

/** The referral level as a card that leads to the referral screen. */
function ReferralLevelCard() {
  const level = useUnit($refLevel);
  const t = useT();
  return (
    <Link to={routes.referral} className={styles.referral}>
      <span className={styles.referralIcon}>
        <Icon name="referral" />
      </span>
      <span className={styles.referralText}>
        <span className={styles.referralTitle} data-testid="ref-level">
          {t('dashboard.referralLevel', { level: level ?? 1 })}
        </span>
        <span className={styles.referralHint}>{t('dashboard.referralHint')}</span>
      </span>
      <Icon name="chevronRight" size={20} />
    </Link>
  );
}

function Overview() {
  const [user, mintsLoaded, stakesLoaded, activeMints] = useUnit([$user, $mintsLoaded, $stakesLoaded, $activeMints]);
  const t = useT();
  if (!user) return null;
  return (
    <>
      <Section title={t('dashboard.balances')} id="dashboard-balances">
        <ListRows>
          <ListRow
            label={t('dashboard.balance')}
            value={formatTokens(user.balance_token, t.locale)}
            valueTestId="balance-token"
            strong
          />
          <ListRow
            label={t('dashboard.taskBalance')}
            value={formatTokens(user.task_balance, t.locale)}
            valueTestId="task-balance"
          />
          <ListRow
            label={t('dashboard.referralBalance')}
            value={formatTokens(user.referral_balance, t.locale)}
            valueTestId="referral-balance"
          />
        </ListRows>
      </Section>
      {/* After the first active mint: the one-time offer to add the app to the home screen. */}
      {activeMints.length > 0 ? <HomeScreenOffer /> : null}
      <Section title={t('dashboard.bonuses')} id="dashboard-bonuses">
        <ListRows>
          <ListRow
            label={t('dashboard.holdBonus')}
            value={formatPercent(user.hold_bonus, t.locale)}
            valueTestId="hold-bonus"
          />
          <ListRow
            label={t('dashboard.investmentBonus')}
            value={formatPercent(user.investment_bonus, t.locale)}
            valueTestId="investment-bonus"
          />
          <ListRow
            label={t('dashboard.collectiveBonus')}
            value={formatPercent(user.collective_bonus, t.locale)}
            valueTestId="collective-bonus"
          />
        </ListRows>
      </Section>
      <PriceChart />
      <Section plain label={t('nav.referral')}>
        <ReferralLevelCard />
      </Section>
      <Section plain title={t('dashboard.activeMints')} id="dashboard-mints">
        {mintsLoaded ? (
          <ActiveMintList
            empty={
              <EmptyState
                icon={<Icon name="mint" />}
                title={t('mint.noActiveMints')}
                text={t('dashboard.noMintsText')}
                action={
                  <Link to={routes.mint} className={buttonClassName({ variant: 'secondary', size: 's' })}>
                    {t('dashboard.goToMint')}
                  </Link>
                }
              />
            }
          />
        ) : (
          <SkeletonCard label={t('dashboard.loadingMints')} />
        )}
      </Section>
      <Section plain title={t('dashboard.activeStakes')} id="dashboard-stakes">
        {stakesLoaded ? (
          <StakeList
            which="active"
            empty={
              <EmptyState
                icon={<Icon name="staking" />}
                title={t('dashboard.noActiveStakes')}
                text={t('dashboard.noStakesText')}
                action={
                  <Link to={routes.staking} className={buttonClassName({ variant: 'secondary', size: 's' })}>
                    {t('dashboard.goToStaking')}
                  </Link>
                }
              />
            }
          />
        ) : (
          <SkeletonCard label={t('dashboard.loadingStakes')} />
        )}
      </Section>
      <FinancialStats />
    </>
  );
}

/** The section's code is still loading (it is a chunk of its own, like a page). */
function SectionLoading() {
  const t = useT();
  return <SkeletonCard label={t('common.loading')} />;
}

// Only the overview is on the first screen; the other sections load when opened (or at idle).
const sectionOptions = { fallback: <SectionLoading /> };
const HistorySection = lazyPage(() => import('./history').then((m) => m.HistorySection), sectionOptions);
const FarmingLinks = lazyPage(() => import('./farming-links').then((m) => m.FarmingLinks), sectionOptions);

/** /sell: the Sell modal (mounted by the app) over the section it was opened from, where it closes to. */
function UnderSell() {
  const section = useUnit($sectionUnderSell);
  if (section === 'history') return <HistorySection />;
  if (section === 'farming') return <FarmingLinks />;
  return <Overview />;
}

const DashboardSection = createRoutesView({
  routes: [
    { route: dashboardRoute, view: Overview },
    { route: historyRoute, view: HistorySection },
    { route: farmingRoute, view: FarmingLinks },
    { route: sellRoute, view: UnderSell },
  ],
});

/** The user's wallet, total value, and the open sub-section (docs/product.md §2–§5), live through the socket. */
export function DashboardPage() {
  const user = useUnit($user);
  const t = useT();
  if (!user) return null;
  return (
    <Page title={t('dashboard.title')} action={<InfoButton />}>
      <WalletPanel />
      <TotalValue />
      <SectionSwitch />
      <DashboardSection />
    </Page>
  );
}
