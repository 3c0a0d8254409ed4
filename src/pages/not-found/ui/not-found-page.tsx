import { Link } from 'atomic-router-react';
import { useT } from '@/shared/i18n';
import { routes } from '@/shared/routing';
import { MessageScreen } from '@/shared/ui/page';

export function NotFoundPage() {
  const t = useT();
  return (
    <>
      <MessageScreen title={t('notFound.title')} text={t('notFound.text')} />
      <p style={{ textAlign: 'center' }}>
        <Link to={routes.dashboard}>{t('notFound.home')}</Link>
      </p>
    </>
  );
}
