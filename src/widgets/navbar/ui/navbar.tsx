import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
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

function NewReferralsBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <Badge tone="danger" solid label={t('nav.newReferrals', { count })}>
        {count}
      </Badge>
    </span>
  );
}

/**
 * SPEC §2 navbar. Referral shows the count of new referrals when above 0; on the referral screen the
 * bar also carries Invite Friends and the copy-link button (the screen leaves room for them). The
 * tasks badge arrives with the tasks issue.
 */
export function Navbar() {
  const [newReferrals, onReferralScreen] = useUnit([$newReferralsCount, routes.referral.$isOpened]);
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
            {route === routes.referral ? <NewReferralsBadge count={newReferrals} /> : null}
          </Link>
        ))}
      </nav>
    </div>
  );
}
