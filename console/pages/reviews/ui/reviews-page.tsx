import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { UserLink, userLabel } from '@console/entities/user';
import type { ReviewItem } from '@console/shared/api';
import { ActionDialog, ConsoleQueryState } from '@console/shared/ui';
import { formatDateTime, useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { formatTokens } from '@shared/lib/format';
import { Badge } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { Fact, Facts, UrlText } from '@console/shared/ui/record-card';
import { Card } from '@shared/ui/section';
import { formatFileSize, linkHost } from '../lib/proof';
import {
  $current,
  $currentPhoto,
  $deciding,
  $photoFailed,
  approveClicked,
  rejectAction,
  reviews,
} from '../model/reviews';
import styles from './reviews-page.module.css';

function Proof({ item }: { item: ReviewItem }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [photo, photoFailed] = useUnit([$currentPhoto, $photoFailed]);
  if (item.link) {
    const host = linkHost(item.link);
    return (
      <Fact
        label={t('reviews.link')}
        hint={host}
        value={
          <a href={item.link} target="_blank" rel="noopener noreferrer" className={styles.link}>
            <UrlText url={item.link} />
          </a>
        }
        stacked
      />
    );
  }
  return (
    <div className={styles.photo}>
      {photo ? (
        <img src={photo.url} alt={t('reviews.photo')} className={styles.image} />
      ) : (
        <p className={styles.hint} role="status">
          {photoFailed ? t('reviews.photoFailed') : t('reviews.photoLoading')}
        </p>
      )}
      <p className={styles.hint}>
        {t('reviews.photo')} · {item.content_type ?? photo?.type ?? '—'} ·{' '}
        {formatFileSize(item.size ?? photo?.size ?? null, locale)}
      </p>
    </div>
  );
}

export function ReviewsPage() {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [items, status, loaded, reload, current, deciding, approve] = useUnit([
    reviews.$data,
    reviews.$status,
    reviews.$loaded,
    reviews.start,
    $current,
    $deciding,
    approveClicked,
  ]);
  const [asking, askReject] = useUnit([rejectAction.$asking, rejectAction.requested]);
  const actions = useRef<HTMLDivElement>(null);
  // The next proof takes the focus when one is decided, so the queue is worked with the keyboard.
  useEffect(() => {
    if (current && asking === null) actions.current?.querySelector('button')?.focus();
  }, [current?.id, asking, current]);

  return (
    <Page
      title={t('reviews.title')}
      action={loaded ? <Badge tone="accent">{t('reviews.left', { count: items.length })}</Badge> : undefined}
    >
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={items.length === 0}
        empty={t('reviews.empty')}
        onRetry={() => void reload()}
        testId="reviews"
      >
        {current ? (
          <Card
            as="article"
            className={styles.current}
            aria-label={current.task.title[locale]}
            data-testid="review-current"
          >
            <h2 className={styles.title}>{current.task.title[locale]}</h2>
            <Facts>
              <Fact label={t('reviews.user')} value={<UserLink id={current.user.id} user={current.user} />} />
              <Fact
                label={t('reviews.reward')}
                value={formatTokens(current.task.reward, t.locale)}
                strong
                valueTestId="review-reward"
              />
              <Fact label={t('reviews.sent')} value={formatDateTime(current.created_at, locale)} />
              {current.link ? <Proof item={current} /> : null}
            </Facts>
            {/* A photo is no term of the list above: it goes below it. */}
            {current.link ? null : <Proof item={current} />}
            <div className={styles.actions} ref={actions}>
              <Button loading={deciding} onClick={() => approve(current.id)} data-testid="review-approve">
                {t('reviews.approve')}
              </Button>
              <Button variant="destructive" disabled={deciding} onClick={() => askReject(current.id)}>
                {t('reviews.reject')}
              </Button>
            </div>
          </Card>
        ) : null}
        <ol className={styles.queue}>
          {items.slice(1).map((item) => (
            <li key={item.id} className={styles.next}>
              <span className={styles.nextHead}>
                <span>{item.task.title[locale]}</span>
                <span className={styles.nextReward}>{formatTokens(item.task.reward, t.locale)}</span>
              </span>
              <span className={styles.hint}>
                {userLabel(item.user)} · {formatDateTime(item.created_at, locale)}
              </span>
            </li>
          ))}
        </ol>
      </ConsoleQueryState>
      <ActionDialog
        action={rejectAction}
        danger
        texts={() => ({ title: t('reviews.rejectTitle'), confirm: t('reviews.reject') })}
        field={{ label: t('reviews.reason'), missing: t('reviews.reasonRequired') }}
      />
    </Page>
  );
}
