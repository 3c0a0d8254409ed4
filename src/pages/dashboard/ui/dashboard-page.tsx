import { createRoutesView, Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $mintsLoaded, ActiveMintList } from '@/entities/mint';
import { $stakesLoaded, StakeList } from '@/entities/stake';
import { $refLevel, $user } from '@/entities/user';
import { DECIMALS, formatAmount } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Badge } from '@/shared/ui/badge';
import { buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { Section } from '@/shared/ui/section';
import { segmentedClassNames } from '@/shared/ui/segmented-control';
import { Skeleton, SkeletonCard } from '@/shared/ui/skeleton';
import { WalletPanel } from '@/widgets/wallet-panel';
import { $totalValueTon, dashboardRoute, farmingRoute, historyRoute, sections, sellRoute } from '../model/dashboard';
import { $currentPrice, $priceLoaded } from '../model/price';
import styles from './dashboard-page.module.css';

const TOKEN = 'TKN';

/** The token balance's worth at the current price (SPEC §2 dashboard), with the price under it. */
function TotalValue() {
  const [total, price, priceLoaded] = useUnit([$totalValueTon, $currentPrice, $priceLoaded]);
  const change = price?.price_change_24h ?? 0;
  return (
    <section className={styles.hero} aria-label="Total value">
      <span className={styles.heroLabel}>Total value</span>
      <span className={styles.heroValue} data-testid="total-value">
        {total !== null ? `${formatAmount(total, DECIMALS.ton)} TON` : priceLoaded ? '—' : <Skeleton width={160} height={32} />}
      </span>
      <span className={styles.price}>
        {price ? (
          <>
            <span data-testid="current-price">
              1 {TOKEN} = {formatAmount(price.price, DECIMALS.price)} TON
            </span>
            <Badge tone={change > 0 ? 'success' : change < 0 ? 'danger' : 'neutral'}>
              {change > 0 ? '+' : ''}
              {formatAmount(change, DECIMALS.percent)}% 24h
            </Badge>
          </>
        ) : priceLoaded ? (
          'The price is unavailable right now.'
        ) : (
          <Skeleton width={180} />
        )}
      </span>
    </section>
  );
}

/** The sub-sections (SPEC §2 routes) as a segmented control; the open one is marked. */
function SectionSwitch() {
  return (
    <nav className={`${segmentedClassNames.track} ${styles.switch}`} aria-label="Dashboard sections">
      {sections.map(({ route, label }) => (
        <SectionLink key={label} route={route} label={label} />
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
  return (
    <Link to={routes.referral} className={styles.referral}>
      <span className={styles.referralIcon}>
        <Icon name="referral" />
      </span>
      <span className={styles.referralText}>
        <span className={styles.referralTitle} data-testid="ref-level">
          Referral level {level}
        </span>
        <span className={styles.referralHint}>Invite friends to raise your level and bonus</span>
      </span>
      <Icon name="chevronRight" size={20} />
    </Link>
  );
}

function Overview() {
  const [user, mintsLoaded, stakesLoaded] = useUnit([$user, $mintsLoaded, $stakesLoaded]);
  if (!user) return null;
  return (
    <>
      <Section title="Balances" id="dashboard-balances">
        <ListRows>
          <ListRow label="Balance" value={`${formatAmount(user.balance_token, DECIMALS.token)} ${TOKEN}`} valueTestId="balance-token" strong />
          <ListRow label="Task balance" value={`${formatAmount(user.task_balance, DECIMALS.token)} ${TOKEN}`} valueTestId="task-balance" />
          <ListRow
            label="Referral balance"
            value={`${formatAmount(user.referral_balance, DECIMALS.token)} ${TOKEN}`}
            valueTestId="referral-balance"
          />
        </ListRows>
      </Section>
      <Section title="Bonuses" id="dashboard-bonuses">
        <ListRows>
          <ListRow label="Hold bonus" value={`${formatAmount(user.hold_bonus, DECIMALS.percent)}%`} valueTestId="hold-bonus" />
          <ListRow
            label="Investment bonus"
            value={`${formatAmount(user.investment_bonus, DECIMALS.percent)}%`}
            valueTestId="investment-bonus"
          />
          <ListRow
            label="Collective bonus"
            value={`${formatAmount(user.collective_bonus, DECIMALS.percent)}%`}
            valueTestId="collective-bonus"
          />
        </ListRows>
      </Section>
      <Section plain label="Referral">
        <ReferralLevelCard />
      </Section>
      <Section plain title="Active mints" id="dashboard-mints">
        {mintsLoaded ? (
          <ActiveMintList
            empty={
              <EmptyState
                icon={<Icon name="mint" />}
                title="No active mints yet"
                text="Mint tokens from a plan paid in TON; they grow until the plan ends."
                action={
                  <Link to={routes.mint} className={buttonClassName({ variant: 'secondary', size: 's' })}>
                    Go to Mint
                  </Link>
                }
              />
            }
          />
        ) : (
          <SkeletonCard label="Loading mints" />
        )}
      </Section>
      <Section plain title="Active stakes" id="dashboard-stakes">
        {stakesLoaded ? (
          <StakeList
            which="active"
            empty={
              <EmptyState
                icon={<Icon name="staking" />}
                title="No active stakes yet"
                text="Stake an active mint to earn a reward every second."
                action={
                  <Link to={routes.staking} className={buttonClassName({ variant: 'secondary', size: 's' })}>
                    Go to Staking
                  </Link>
                }
              />
            }
          />
        ) : (
          <SkeletonCard label="Loading stakes" />
        )}
      </Section>
    </>
  );
}

/** Later issues fill these sections; until then each says what it will hold. */
function ComingSection({ title, text }: { title: string; text: string }) {
  return (
    <Section plain label={title}>
      <EmptyState icon={<Icon name="clock" />} title={title} text={text} />
    </Section>
  );
}

const DashboardSection = createRoutesView({
  routes: [
    { route: dashboardRoute, view: Overview },
    { route: historyRoute, view: () => <ComingSection title="History" text="Your operations and withdrawals will be listed here." /> },
    { route: farmingRoute, view: () => <ComingSection title="Farming" text="Your farming links will be listed here." /> },
    { route: sellRoute, view: () => <ComingSection title="Sell" text="Selling tokens will be available here." /> },
  ],
});

/** The user's wallet, total value, and the open sub-section (SPEC §2–§5), live through the socket. */
export function DashboardPage() {
  const user = useUnit($user);
  if (!user) return null;
  return (
    <Page title="Dashboard">
      <WalletPanel />
      <TotalValue />
      <SectionSwitch />
      <DashboardSection />
    </Page>
  );
}
