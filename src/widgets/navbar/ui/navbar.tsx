import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { $user } from '@/entities/user';
import { routes } from '@/shared/routing';
import { Badge } from '@/shared/ui/badge';
import { Icon } from '@/shared/ui/icon';
import styles from './navbar.module.css';

const items = [
  { route: routes.mint, label: 'Mint', icon: 'mint' },
  { route: routes.staking, label: 'Staking', icon: 'staking' },
  { route: routes.dashboard, label: 'Dashboard', icon: 'dashboard' },
  { route: routes.referral, label: 'Referral', icon: 'referral' },
  { route: routes.tasks, label: 'Tasks', icon: 'tasks' },
] as const;

function Counter({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <Badge tone="danger" solid label={`${count} ${label}`}>
        {count}
      </Badge>
    </span>
  );
}

/**
 * SPEC §2 navbar. Referral shows the count of new referrals when above 0. The tasks badge and the
 * referral screen's Invite/copy buttons arrive with the tasks and referral issues.
 */
export function Navbar() {
  const user = useUnit($user);
  const newReferrals = user?.ref.new_referrals_count ?? 0;
  return (
    <nav className={styles.navbar} aria-label="Main">
      {items.map(({ route, label, icon }) => (
        <Link key={label} to={route} className={styles.item} activeClassName={styles.active}>
          <Icon name={icon} />
          <span>{label}</span>
          {route === routes.referral ? <Counter count={newReferrals} label="new referrals" /> : null}
        </Link>
      ))}
    </nav>
  );
}
