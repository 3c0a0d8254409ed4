import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $unclaimedCount } from '@/entities/task';
import { $newReferralsCount } from '@/entities/user';
import { InviteActions } from '@/features/invite-friends';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { Badge } from '@/shared/ui/badge';
import { Icon } from '@/shared/ui/icon';
import styles from './navbar.module.css';

const items = [
  { route: routes.mint, label: 'nav.mint', icon: 'mint' },
  { route: routes.staking, label: 'nav.staking', icon: 'staking' },
  { route: routes.dashboard, label: 'nav.dashboard', icon: 'dashboard' },
  { route: routes.referral, label: 'nav.referral', icon: 'referral' },
  { route: routes.tasks, label: 'nav.tasks', icon: 'tasks' },
] as const;

/** A counter on a navbar item, shown when above 0. */
function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <Badge tone="danger" solid label={label} testId={testId}>
        {count}
      </Badge>
    </span>
  );
}

/**
 * SPEC §2 navbar. Referral shows the count of new referrals when above 0; on the referral screen the
 * bar also carries Invite Friends and the copy-link button (the screen leaves room for them). Tasks
 * shows the count of tasks not claimed yet.
 */
export function Navbar() {
  const [newReferrals, unclaimedTasks, onReferralScreen] = useUnit([
    $newReferralsCount,
    $unclaimedCount,
    routes.referral.$isOpened,
  ]);
  const t = useT();
  return (
    <div className={styles.bar}>
      {onReferralScreen ? (
        <div className={styles.actions} data-testid="navbar-invite">
          <InviteActions />
        </div>
      ) : null}
      <nav className={styles.navbar} aria-label={t('nav.label')}>
        {items.map(({ route, label, icon }) => (
          <Link key={label} to={route} className={styles.item} activeClassName={styles.active}>
            <Icon name={icon} />
            <span>{t(label)}</span>
            {route === routes.referral ? (
              <CountBadge
                count={newReferrals}
                label={t('nav.newReferrals', { count: newReferrals })}
                testId="badge-referral"
              />
            ) : null}
            {route === routes.tasks ? (
              <CountBadge
                count={unclaimedTasks}
                label={t('nav.unclaimedTasks', { count: unclaimedTasks })}
                testId="badge-tasks"
              />
            ) : null}
          </Link>
        ))}
      </nav>
    </div>
  );
}
