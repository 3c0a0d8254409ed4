import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $unclaimedCount } from '@/entities/task';
import { $newReferralsCount } from '@/entities/user';
import { InviteActions } from '@/features/invite-friends';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { Badge } from '@/shared/ui/badge';
import { Icon } from '@/shared/ui/icon';
import { $activeTab, tabs } from '../model';
import styles from './navbar.module.css';

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
 * docs/product.md §2 navbar. Referral shows the count of new referrals when above 0; on the referral screen the
 * bar also carries Invite Friends and the copy-link button (the screen leaves room for them). Tasks
 * shows the count of tasks not claimed yet.
 */
export function Navbar() {
  const [newReferrals, unclaimedTasks, onReferralScreen, activeTab] = useUnit([
    $newReferralsCount,
    $unclaimedCount,
    routes.referral.$isOpened,
    $activeTab,
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
        {tabs.map(({ tab, route, label, icon }) => (
          <Link
            key={tab}
            to={route}
            className={tab === activeTab ? `${styles.item} ${styles.active}` : styles.item}
            aria-current={tab === activeTab ? 'page' : undefined}
          >
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
