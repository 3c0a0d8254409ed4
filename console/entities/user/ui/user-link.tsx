import { Link } from 'atomic-router-react';
import { consoleRoutes } from '@console/shared/routing';
import { userLabel, type UserNaming } from '../lib/user-label';

/** A user's name that opens their page on the Users screen (read only). */
export function UserLink({ id, user }: { id: number; user: UserNaming }) {
  return (
    <Link to={consoleRoutes.user} params={{ id: String(id) }}>
      {userLabel(user)}
    </Link>
  );
}
