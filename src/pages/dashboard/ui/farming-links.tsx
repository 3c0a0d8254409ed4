import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import {
  $hasMoreLinks,
  $links,
  $linksFailed,
  $linksLoaded,
  $linksLoading,
  codesToShare,
  isCancellable,
  linksRequested,
  linkSource,
  moreLinksRequested,
  refundOnCancel,
} from '@/entities/farming-link';
import { FarmingLinkCard } from '@/entities/farming-link/index.ui';
import { FarmLinkModal, farmLinkShown } from '@/features/share-farm-link';
import { FarmLinkRow } from '@/features/share-farm-link/index.ui';
import type { FarmingLink } from '@/shared/api';
import { useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { $cancelTarget, $isCancelling, cancelClicked, cancelConfirmed, cancelDismissed } from '../model/farming-links';
import styles from './dashboard-page.module.css';

/** Where to make a link: from the referral balance or the task balance. */
function CreateLinks() {
  const t = useT();
  return (
    <div className={styles.createLinks}>
      <Link to={routes.referralFarming} className={buttonClassName({ variant: 'secondary', size: 's' })}>
        {t('farming.createFromReferral')}
      </Link>
      <Link to={routes.tasksFarming} className={buttonClassName({ variant: 'secondary', size: 's' })}>
        {t('farming.createFromTask')}
      </Link>
    </div>
  );
}

function LinkActions({ link }: { link: FarmingLink }) {
  const [onCancel, onShowAll] = useUnit([cancelClicked, farmLinkShown]);
  const t = useT();
  const codes = codesToShare(link);
  const next = link.activation_code;
  return (
    <div className={styles.linkActions}>
      {isCancellable(link) && next ? (
        <FarmLinkRow code={next} label={link.is_multilink ? t('farming.theLink') : t('farming.nextLink')} />
      ) : null}
      {!link.is_multilink && codes.length > 1 ? (
        <Button variant="plain" size="s" onClick={() => onShowAll(link)}>
          {t('farming.allLinks', { count: codes.length })}
        </Button>
      ) : null}
      {isCancellable(link) ? (
        <Button variant="destructive" size="s" onClick={() => onCancel(link)}>
          {t('farming.cancelLink')}
        </Button>
      ) : null}
    </div>
  );
}

/** docs/product.md §2 'cancel': what goes back to which balance, before anything happens. */
function CancelLinkModal() {
  const [link, busy, onConfirm, onDismiss] = useUnit([$cancelTarget, $isCancelling, cancelConfirmed, cancelDismissed]);
  const t = useT();
  if (!link) return null;
  const refund = formatAmount(refundOnCancel(link), 'token', t.locale);
  return (
    <Modal
      title={t('farming.cancelTitle')}
      text={
        linkSource(link) === 'referral'
          ? t('farming.cancelTextReferral', { count: link.activations_left, amount: refund })
          : t('farming.cancelTextTask', { count: link.activations_left, amount: refund })
      }
      onClose={() => onDismiss()}
      actions={[
        { label: t('farming.cancelConfirm'), onClick: () => onConfirm(), disabled: busy, tone: 'danger' },
        { label: t('farming.keepLink'), onClick: () => onDismiss() },
      ]}
    />
  );
}

/** /farming (docs/product.md §2): the user's links, newest first, with copy, share and Cancel. */
export function FarmingLinks() {
  const [links, loaded, loading, failed, hasMore, onRetry, onMore] = useUnit([
    $links,
    $linksLoaded,
    $linksLoading,
    $linksFailed,
    $hasMoreLinks,
    linksRequested,
    moreLinksRequested,
  ]);
  const t = useT();
  let content;
  if (!loaded && failed) {
    content = (
      <EmptyState
        icon={<Icon name="offline" />}
        title={t('farming.listFailed')}
        action={
          <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
            {t('farming.tryAgain')}
          </Button>
        }
      />
    );
  } else if (!loaded) {
    content = <SkeletonCard label={t('farming.loadingLinks')} />;
  } else if (links.length === 0) {
    content = (
      <EmptyState
        testId="farming-links-empty"
        icon={<Icon name="link" />}
        title={t('farming.noLinks')}
        text={t('farming.noLinksText')}
        action={<CreateLinks />}
      />
    );
  } else {
    content = (
      <>
        {links.map((link) => (
          <FarmingLinkCard key={link.id} link={link}>
            <LinkActions link={link} />
          </FarmingLinkCard>
        ))}
        {hasMore ? (
          <Button variant="plain" loading={loading} onClick={() => onMore()}>
            {t('farming.showMore')}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <Section
      plain
      title={t('farming.myLinks')}
      id="farming-links"
      aside={links.length > 0 ? <CreateLinksAside /> : null}
    >
      {content}
      <CancelLinkModal />
      <FarmLinkModal />
    </Section>
  );
}

function CreateLinksAside() {
  const t = useT();
  return (
    <Link to={routes.referralFarming} className={styles.asideLink}>
      {t('farming.newLink')}
    </Link>
  );
}
