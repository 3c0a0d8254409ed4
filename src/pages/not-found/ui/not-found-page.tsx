import { Link } from 'atomic-router-react';
import { routes } from '@/shared/routing';
import { MessageScreen } from '@/shared/ui/page';

export function NotFoundPage() {
  return (
    <>
      <MessageScreen title="Page not found" text="There is nothing at this address." />
      <p style={{ textAlign: 'center' }}>
        <Link to={routes.dashboard}>Go to the dashboard</Link>
      </p>
    </>
  );
}
