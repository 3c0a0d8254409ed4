import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import { userLabel } from '@console/entities/user';
import { ConsoleQueryState } from '@console/shared/ui';
import { formatDate, useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { Button } from '@shared/ui/button';
import { EmptyState } from '@shared/ui/empty-state';
import { Page } from '@shared/ui/page';
import { consoleRoutes } from '@console/shared/routing';
import { TextField } from '@shared/ui/text-field';
import { $query, $searched, found, queryChanged, searchSubmitted } from '../model/users';
import styles from './users-page.module.css';

export function UsersPage() {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [query, searched, list, status, pending, change, submit] = useUnit([
    $query,
    $searched,
    found.$data,
    found.$status,
    found.$pending,
    queryChanged,
    searchSubmitted,
  ]);
  return (
    <Page title={t('users.title')}>
      <form
        className={styles.search}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField id="console-user-search" label={t('users.search')} value={query} onChange={change} />
        <Button type="submit" stretched={false} loading={pending} disabled={query.trim() === ''}>
          {t('users.find')}
        </Button>
      </form>
      {searched === null ? (
        <EmptyState title={t('users.prompt')} />
      ) : (
        <ConsoleQueryState
          status={status}
          hasData={status !== 'loading'}
          isEmpty={list.length === 0}
          empty={t('users.empty')}
          onRetry={() => submit()}
          testId="users"
        >
          <ul className={styles.list}>
            {list.map((user) => (
              <li key={user.id}>
                <Link to={consoleRoutes.user} params={{ id: String(user.id) }} className={styles.item}>
                  <span>{userLabel(user)}</span>
                  <span className={styles.hint}>
                    {user.ref_code} · {t('users.joined')} {formatDate(user.created_at, locale)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </ConsoleQueryState>
      )}
    </Page>
  );
}
