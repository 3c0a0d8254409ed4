import { Link } from 'atomic-router-react';
import { useUnit } from 'effector-react';
import {
  $tasks,
  $tasksLoadFailed,
  $tasksLoaded,
  nextTaskAction,
  taskText,
  tasksRequested,
  type TaskAction,
} from '@/entities/task';
import { $user } from '@/entities/user';
import type { Task, TaskStatus } from '@/shared/api';
import { type MessageKey, useLocale, useT } from '@/shared/i18n';
import { formatTokens } from '@/shared/lib/format';
import { routes } from '@/shared/routing';
import { Badge, type BadgeTone } from '@/shared/ui/badge';
import { Button, buttonClassName } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { taskIconGlyph } from '@/shared/ui/task-icon';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Page } from '@/shared/ui/page';
import { Section } from '@/shared/ui/section';
import { SkeletonCard } from '@/shared/ui/skeleton';
import { $busyTaskIds, actionPressed, linkOpenPressed } from '../model/actions';
import styles from './tasks-page.module.css';

const STATUS = {
  new: { label: 'tasks.status.new', tone: 'neutral' },
  started: { label: 'tasks.status.started', tone: 'accent' },
  pending_review: { label: 'tasks.status.pending_review', tone: 'warning' },
  validated: { label: 'tasks.status.validated', tone: 'success' },
  rejected: { label: 'tasks.status.rejected', tone: 'danger' },
  claimed: { label: 'tasks.status.claimed', tone: 'success' },
} as const satisfies Record<TaskStatus, { label: MessageKey; tone: BadgeTone }>;

/** The label of the task's one button; null when there is nothing to press (in review, done). */
function actionLabel(
  action: TaskAction,
  status: TaskStatus,
): 'tasks.sendAgain' | 'tasks.start' | 'tasks.check' | 'tasks.claim' | null {
  if (status === 'rejected') return 'tasks.sendAgain';
  switch (action) {
    case 'start':
      return 'tasks.start';
    case 'check':
    case 'add_photo':
    case 'send_link':
      return 'tasks.check';
    case 'claim':
      return 'tasks.claim';
    case 'in_review':
    case 'done':
      return null;
  }
}

function TaskItem({ task, busy }: { task: Task; busy: boolean }) {
  const [onAction, onOpenLink] = useUnit([actionPressed, linkOpenPressed]);
  const t = useT();
  const locale = useLocale();
  const action = nextTaskAction(task);
  const label = actionLabel(action, task.status);
  const status = STATUS[task.status];
  const title = taskText(task.title, locale);
  const description = taskText(task.description, locale);
  const reopen = task.status === 'started' && (task.kind === 'community' || task.kind === 'visit');
  return (
    <li
      className={task.status === 'claimed' ? `${styles.item} ${styles.claimed}` : styles.item}
      aria-label={title}
      data-testid="task-item"
      data-status={task.status}
    >
      <span className={styles.icon} aria-hidden>
        <Icon name={taskIconGlyph(task.icon, task.kind)} />
      </span>
      <div className={styles.body}>
        <div className={styles.head}>
          <span className={styles.title}>{title}</span>
          <span className={styles.reward} aria-label={t('tasks.reward')} data-testid="task-reward">
            +{formatTokens(task.reward, t.locale)}
          </span>
        </div>
        {description ? <p className={styles.description}>{description}</p> : null}
        {task.status === 'rejected' ? (
          <p className={styles.rejected} data-testid="task-rejection">
            {task.rejection_reason
              ? t('tasks.rejectedReason', { reason: task.rejection_reason })
              : t('tasks.rejectedNoReason')}
          </p>
        ) : null}
        {task.status === 'pending_review' ? <p className={styles.note}>{t('tasks.reviewHint')}</p> : null}
        <div className={styles.foot}>
          <Badge tone={status.tone} testId="task-status">
            {task.status === 'claimed' ? (
              <span className={styles.done}>
                <Icon name="check" size={14} />
                {t(status.label)}
              </span>
            ) : (
              t(status.label)
            )}
          </Badge>
          <span className={styles.buttons}>
            {reopen ? (
              <Button variant="plain" size="s" stretched={false} onClick={() => onOpenLink(task.task_id)}>
                {t('tasks.openLink')}
              </Button>
            ) : null}
            {label ? (
              <Button
                variant={action === 'claim' ? 'primary' : task.status === 'new' ? 'primary' : 'secondary'}
                size="s"
                stretched={false}
                loading={busy}
                onClick={() => onAction(task.task_id)}
                data-testid="task-action"
              >
                {t(label)}
              </Button>
            ) : null}
          </span>
        </div>
      </div>
    </li>
  );
}

function TaskList() {
  const [tasks, loaded, failed, busy, onRetry] = useUnit([
    $tasks,
    $tasksLoaded,
    $tasksLoadFailed,
    $busyTaskIds,
    tasksRequested,
  ]);
  const t = useT();
  const title = t('tasks.listTitle');
  if (!loaded) {
    return (
      <Section plain title={title} id="tasks-list">
        {failed ? (
          <EmptyState
            icon={<Icon name="offline" />}
            title={t('tasks.loadFailed')}
            text={t('tasks.loadFailedText')}
            action={
              <Button variant="secondary" size="s" stretched={false} onClick={() => onRetry()}>
                {t('launch.tryAgain')}
              </Button>
            }
            testId="tasks-failed"
          />
        ) : (
          <div className={styles.skeletons}>
            <SkeletonCard lines={1} label={t('tasks.loading')} testId="tasks-loading" />
            <SkeletonCard lines={1} label={t('tasks.loading')} />
            <SkeletonCard lines={1} label={t('tasks.loading')} />
          </div>
        )}
      </Section>
    );
  }
  if (tasks.length === 0) {
    return (
      <Section plain title={title} id="tasks-list">
        <EmptyState
          icon={<Icon name="tasks" />}
          title={t('tasks.empty')}
          text={t('tasks.emptyText')}
          testId="tasks-empty"
        />
      </Section>
    );
  }
  return (
    <Section title={title} id="tasks-list">
      <ul className={styles.list}>
        {tasks.map((task) => (
          <TaskItem key={task.task_id} task={task} busy={busy.includes(task.task_id)} />
        ))}
      </ul>
    </Section>
  );
}

/** The task balance (the rewards), and what it pays for: a farming link, a sale. */
function TaskBalance() {
  const user = useUnit($user);
  const t = useT();
  if (!user) return null;
  return (
    <Section title={t('tasks.balanceTitle')} id="tasks-balance" footer={t('tasks.balanceHint')}>
      <ListRows>
        <ListRow
          label={t('tasks.balance')}
          value={formatTokens(user.task_balance, t.locale)}
          valueTestId="task-balance"
          strong
        />
      </ListRows>
      <div className={styles.balanceActions}>
        <Link to={routes.tasksFarming} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('tasks.farmingLink')}
        </Link>
        <Link to={routes.tasksSell} className={buttonClassName({ variant: 'secondary', size: 's' })}>
          {t('tasks.sell')}
        </Link>
      </div>
    </Section>
  );
}

/** Tasks: the task balance and the tasks, each with its status and next step. */
export function TasksPage() {
  const t = useT();
  return (
    <Page title={t('tasks.title')}>
      <TaskBalance />
      <TaskList />
    </Page>
  );
}
