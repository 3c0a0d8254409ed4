import type { RouteInstance } from 'atomic-router';
import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $actor, signOutClicked } from '@console/entities/session';
import { operatorSocket } from '@console/shared/api';
import { useConsoleT, type ConsoleMessageKey } from '@console/shared/i18n';
import { consoleRoutes } from '@console/shared/routing';
import { Button } from '@shared/ui/button';
import styles from './console-shell.module.css';

type NavKey = Extract<ConsoleMessageKey, `nav.${string}`>;
const SCREENS: ReadonlyArray<{ route: RouteInstance<Record<string, never>>; label: NavKey }> = [
  { route: consoleRoutes.overview, label: 'nav.overview' },
  { route: consoleRoutes.reviews, label: 'nav.reviews' },
  { route: consoleRoutes.withdrawals, label: 'nav.withdrawals' },
  { route: consoleRoutes.treasury, label: 'nav.treasury' },
  { route: consoleRoutes.price, label: 'nav.price' },
  { route: consoleRoutes.tasks, label: 'nav.tasks' },
  { route: consoleRoutes.users, label: 'nav.users' },
  { route: consoleRoutes.audit, label: 'nav.audit' },
  { route: consoleRoutes.settings, label: 'nav.settings' },
];

/**
 * The console's frame: who is signed in, whether the live updates are connected, Sign out, and the
 * screens (a row that scrolls on a phone, a column beside the screen on a wide window).
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const t = useConsoleT();
  const [actor, connected, signOut] = useUnit([$actor, operatorSocket.$connected, signOutClicked]);
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <span className={styles.brand}>{t('session.title')}</span>
        <span className={styles.who}>
          {actor?.kind === 'operator' ? t('session.as', { name: actor.name }) : null}
          <span className={styles.live} data-connected={connected} data-testid="console-live" role="status">
            <span className={styles.dot} aria-hidden />
            {connected ? t('common.live') : t('common.offline')}
          </span>
          <Button size="s" variant="plain" stretched={false} onClick={() => signOut()}>
            {t('session.signOut')}
          </Button>
        </span>
      </header>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        {SCREENS.map(({ route, label }) => (
          <Link key={label} to={route} className={styles.link} activeClassName={styles.active}>
            {t(label)}
          </Link>
        ))}
      </nav>
      <div className={styles.main}>{children}</div>
    </div>
  );
}
