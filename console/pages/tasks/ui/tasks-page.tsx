import { useUnit } from 'effector-react';
import type { AdminTask } from '@console/shared/api';
import { ActionDialog, ConsoleQueryState } from '@console/shared/ui';
import { useConsoleLocale, useConsoleT } from '@console/shared/i18n';
import { formatTokens } from '@shared/lib/format';
import { Badge } from '@shared/ui/badge';
import { Button } from '@shared/ui/button';
import { Page } from '@shared/ui/page';
import { CardGrid, Fact, Facts, RecordCard, UrlText } from '@console/shared/ui/record-card';
import { $formOpen, $moving, formOpened, moveClicked, pageOpened, tasks, toggleAction } from '../model/tasks';
import { TaskFormModal } from './task-form-modal';

function TaskRow({ task, first, last }: { task: AdminTask; first: boolean; last: boolean }) {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [toggling, moving, askToggle, edit, move] = useUnit([
    toggleAction.$pending,
    $moving,
    toggleAction.requested,
    formOpened,
    moveClicked,
  ]);
  const title = task.title[locale];
  return (
    <RecordCard
      title={title}
      label={title}
      badge={
        <Badge tone={task.is_active ? 'success' : 'neutral'}>
          {task.is_active ? t('tasks.active') : t('tasks.inactive')}
        </Badge>
      }
      testId="task-row"
      actions={
        <>
          <Button size="s" variant="secondary" onClick={() => edit(task)}>
            {t('tasks.edit')}
          </Button>
          <Button size="s" variant="secondary" disabled={toggling} onClick={() => askToggle(task)}>
            {task.is_active ? t('tasks.turnOff') : t('tasks.turnOn')}
          </Button>
          <Button
            size="s"
            variant="plain"
            disabled={first || moving}
            onClick={() => move({ id: task.id, by: -1 })}
            aria-label={`${t('tasks.moveUp')}: ${title}`}
          >
            ↑
          </Button>
          <Button
            size="s"
            variant="plain"
            disabled={last || moving}
            onClick={() => move({ id: task.id, by: 1 })}
            aria-label={`${t('tasks.moveDown')}: ${title}`}
          >
            ↓
          </Button>
        </>
      }
    >
      <Facts>
        <Fact label={t('tasks.kind')} value={t(`tasks.kind.${task.kind}`)} />
        <Fact label={t('tasks.reward')} value={formatTokens(task.reward, t.locale)} strong />
        {task.settings.url ? (
          <Fact
            label={t('tasks.url')}
            value={
              <a href={task.settings.url} target="_blank" rel="noopener noreferrer">
                <UrlText url={task.settings.url} />
              </a>
            }
            stacked
          />
        ) : null}
        {task.settings.count !== null ? <Fact label={t('tasks.count')} value={String(task.settings.count)} /> : null}
      </Facts>
    </RecordCard>
  );
}

export function TasksPage() {
  const t = useConsoleT();
  const locale = useConsoleLocale();
  const [list, status, loaded, reload, formOpen, add] = useUnit([
    tasks.$data,
    tasks.$status,
    tasks.$loaded,
    pageOpened,
    $formOpen,
    formOpened,
  ]);
  return (
    <Page
      title={t('tasks.title')}
      action={
        <Button size="s" stretched={false} onClick={() => add(null)}>
          {t('tasks.add')}
        </Button>
      }
    >
      <ConsoleQueryState
        status={status}
        hasData={loaded}
        isEmpty={list.length === 0}
        empty={t('tasks.empty')}
        onRetry={() => reload()}
        testId="tasks"
      >
        <CardGrid minWidth={380}>
          {list.map((task, index) => (
            <TaskRow key={task.id} task={task} first={index === 0} last={index === list.length - 1} />
          ))}
        </CardGrid>
      </ConsoleQueryState>
      {formOpen ? <TaskFormModal /> : null}
      <ActionDialog
        action={toggleAction}
        danger={(task) => task.is_active}
        texts={(task) => ({
          title: task.is_active ? t('tasks.turnOff') : t('tasks.turnOn'),
          text: task.is_active
            ? t('tasks.turnOffConfirm', { title: task.title[locale] })
            : t('tasks.turnOnConfirm', { title: task.title[locale] }),
        })}
      />
    </Page>
  );
}
