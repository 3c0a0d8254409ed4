import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $user } from '@/entities/user';
import { InfoButton } from '@/features/program-info';
import { StoryButton } from './story-button';
import { parseUnits, type Referral, type ReferralTier } from '@/shared/api';
import { formatDate, useLocale, useT } from '@/shared/i18n';
import { formatPercent, formatTokens, formatTon } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Badge } from '@/shared/ui/badge';
import { ItemList, ListItem, ListItemMeta } from '@/shared/ui/list-item';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { ProgressBar } from '@/shared/ui/progress-bar';
import { Card, Section } from '@/shared/ui/section';
import { Skeleton, SkeletonCard } from '@/shared/ui/skeleton';
import { TIER_COUNT, tierProgress } from '../lib/tier-progress';
import {
  $hasMore,
  $isLoadingMore,
  $loaded,
  $loadFailed,
  $referrals,
  $tier,
  $total,
  $totalEarned,
  moreRequested,
  referralsRequested,
} from '../model/referrals';
import { transferOpened } from '../model/transfer';
import styles from './referral-page.module.css';
import { TransferModal } from './transfer-modal';

/** A tier's percentage is the programme's round figure: no zeros after the point ('5%'). */
const RULE = { trim: true } as const;

/** The tier (docs/product.md §3): level N of 8, its percent, the friends' turnover and the way to the next one. */
function TierCard({ tier }: { tier: ReferralTier }) {
  const t = useT();
  const progress = tierProgress(tier);
  return (
    <Card className={styles.tier} data-testid="referral-tier">
      <div className={styles.tierHead}>
        <span className={styles.tierLevel}>{t('referral.level', { level: progress.level, total: TIER_COUNT })}</span>
        <Badge tone="accent" testId="referral-percent">
          {formatPercent(tier.percent, t.locale, RULE)}
        </Badge>
      </div>
      <p className={styles.hint}>
        {t('referral.percentHint', { percent: formatPercent(tier.percent, t.locale, RULE) })}
      </p>
      <ListRows>
        <ListRow
          label={t('referral.turnover')}
          value={formatTon(tier.turnover, t.locale)}
          valueTestId="referral-turnover"
          strong
        />
      </ListRows>
      {progress.nextLevel !== null && progress.remaining !== null ? (
        <>
          <ProgressBar percent={progress.percent} label={t('referral.progressLabel', { level: progress.nextLevel })} />
          <p className={styles.progressText} data-testid="referral-next-level">
            {t('referral.toNextLevel', {
              amount: formatTon(progress.remaining, t.locale),
              level: progress.nextLevel,
              percent: formatPercent(tier.next_percent ?? tier.percent, t.locale, RULE),
            })}
          </p>
          {/* The crossing payment is paid at the new level (docs/decisions.md "Referrals"): said before it happens. */}
          <p className={styles.hint} data-testid="referral-level-rule">
            {t('referral.levelRule', {
              level: progress.nextLevel,
              percent: formatPercent(tier.next_percent ?? tier.percent, t.locale, RULE),
            })}
          </p>
        </>
      ) : (
        <>
          <ProgressBar percent={100} label={t('referral.topLevel')} />
          <p className={styles.progressText} data-testid="referral-next-level">
            {t('referral.topLevel')}
          </p>
        </>
      )}
      <StoryButton />
    </Card>
  );
}

function TierSkeleton() {
  const t = useT();
  return (
    <Card className={styles.tier}>
      <div role="status" aria-label={t('referral.loading')} className={styles.tierSkeleton}>
        <Skeleton width="45%" height={24} />
        <Skeleton width="80%" />
        <Skeleton width="100%" height={8} radius={999} />
        <Skeleton width="55%" />
      </div>
    </Card>
  );
}

/** The referral balance with what can be done with it: transfer, a farming link, sell. */
function ReferralBalance() {
  const [user, totalEarned, onTransfer] = useUnit([$user, $totalEarned, transferOpened]);
  const t = useT();
  if (!user) return null;
  return (
    <Section title={t('referral.balanceTitle')} id="referral-balance">
      <ListRows>
        <ListRow
          label={t('referral.balance')}
          value={formatTokens(user.referral_balance, t.locale)}
          valueTestId="referral-balance"
          strong
        />
        {totalEarned !== null ? (
          <ListRow
            label={t('referral.totalEarned')}
            value={formatTokens(totalEarned, t.locale)}
            valueTestId="referral-total-earned"
          />
        ) : null}
      </ListRows>
      <div className={styles.balanceActions}>
        <Button size="s" onClick={() => onTransfer()}>
          {t('referral.transfer')}
        </Button>
        <Link to={routes.referralFarming} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('referral.farmingLink')}
        </Link>
        <Link to={routes.referralSell} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('referral.sell')}
        </Link>
      </div>
    </Section>
  );
}

const initials = (name: string): string => (Array.from(name.trim())[0] ?? '?').toUpperCase();

function Avatar({ referral }: { referral: Referral }) {
  // A picture that does not load (expired Telegram link) falls back to the initial.
  const [broken, setBroken] = useState(false);
  if (referral.photo_url && !broken) {
    return (
      <img
        className={styles.avatar}
        src={referral.photo_url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} aria-hidden>
      {initials(referral.first_name)}
    </span>
  );
}

function ReferralItem({ referral }: { referral: Referral }) {
  const t = useT();
  const locale = useLocale();
  const joined = t('referral.joined', { date: formatDate(referral.joined_at, locale) });
  const earnedAny = parseUnits(referral.earned) > 0n;
  return (
    <ListItem
      label={referral.first_name}
      data-testid="referral-item"
      media={<Avatar referral={referral} />}
      title={
        <>
          <span className={styles.nameText}>{referral.first_name}</span>
          {referral.is_new ? <Badge tone="success">{t('referral.new')}</Badge> : null}
        </>
      }
      figures={[
        {
          label: t('referral.theirTurnover'),
          value: formatTon(referral.turnover, t.locale),
          tone: 'plain',
          testId: 'referral-item-turnover',
        },
        {
          label: t('referral.earnedYou'),
          value: earnedAny ? `+${formatTokens(referral.earned, t.locale)}` : formatTokens(referral.earned, t.locale),
          tone: earnedAny ? 'accent' : 'hint',
          testId: 'referral-item-earned',
        },
      ]}
    >
      {referral.username ? <ListItemMeta>@{referral.username}</ListItemMeta> : null}
      <ListItemMeta>{joined}</ListItemMeta>
    </ListItem>
  );
}

/** The invited friends, newest first, a page at a time; an empty state that invites. */
function Friends() {
  const [referrals, total, tier, loaded, failed, hasMore, loadingMore, onMore, onRetry] = useUnit([
    $referrals,
    $total,
    $tier,
    $loaded,
    $loadFailed,
    $hasMore,
    $isLoadingMore,
    moreRequested,
    referralsRequested,
  ]);
  const t = useT();
  const title = t('referral.friendsTitle');
  if (!loaded) {
    return (
      <Section plain title={title} id="referral-friends">
        {failed ? (
          <EmptyState
            icon={<Icon name="offline" />}
            title={t('referral.loadFailed')}
            text={t('referral.loadFailedText')}
            action={
              <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
                {t('launch.tryAgain')}
              </Button>
            }
          />
        ) : (
          <SkeletonCard label={t('referral.loading')} />
        )}
      </Section>
    );
  }
  if (referrals.length === 0) {
    return (
      <Section plain title={title} id="referral-friends">
        <EmptyState
          icon={<Icon name="referral" />}
          title={t('referral.noFriends')}
          text={t('referral.noFriendsText', { percent: formatPercent(tier?.percent ?? 0, t.locale, RULE) })}
          // No Invite button of its own: the navbar's Invite friends is right below on this screen.
          testId="referral-empty"
        />
      </Section>
    );
  }
  return (
    <Section
      title={title}
      id="referral-friends"
      aside={<span className={styles.count}>{t('referral.friendsCount', { count: total })}</span>}
      footer={t('referral.listLegend')}
    >
      <ItemList>
        {referrals.map((referral) => (
          <ReferralItem key={referral.id} referral={referral} />
        ))}
      </ItemList>
      {hasMore ? (
        <div className={styles.more}>
          <Button variant="secondary" size="s" loading={loadingMore} onClick={() => onMore()}>
            {t('referral.showMore')}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/**
 * Referral: the tier card, the referral balance and the friends the user brought in.
 * The navbar carries Invite Friends and copy-link on this screen (widgets/navbar).
 */
export function ReferralPage() {
  const [tier, loaded, failed] = useUnit([$tier, $loaded, $loadFailed]);
  const t = useT();
  return (
    <Page title={t('referral.title')} action={<InfoButton />}>
      <Section label={t('referral.tierTitle')} plain>
        {tier ? <TierCard tier={tier} /> : loaded || failed ? null : <TierSkeleton />}
      </Section>
      <ReferralBalance />
      <Friends />
      <TransferModal />
      {/* Room for the navbar's Invite Friends row, which shows on this screen only. */}
      <div className={styles.navbarActionsSpace} aria-hidden />
    </Page>
  );
}
