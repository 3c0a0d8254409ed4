import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { taskText } from '@/entities/task';
import { type Translate, useLocale, useT } from '@/shared/i18n';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import type { LinkProblem } from '../lib/link-problem';
import {
  $canSend,
  $isSending,
  $link,
  $problem,
  $task,
  linkChanged,
  linkProofClosed,
  linkSubmitted,
} from '../model/link-proof';
import styles from './task-link-modal.module.css';

function problemText(problem: LinkProblem, t: Translate): string {
  switch (problem.kind) {
    case 'invalid':
      return t('validation.taskLinkInvalid');
    case 'too_long':
      return t('tasks.linkTooLong', { max: problem.max });
    case 'host':
      return t('validation.taskLinkHost', { hosts: problem.hosts.join(', ') });
  }
}

/** docs/product.md §2 'link verification': paste the link that proves the task, checked before it is sent. */
export function TaskLinkModal() {
  const [task, link, problem, sending, canSend] = useUnit([$task, $link, $problem, $isSending, $canSend]);
  const [onChange, onSubmit, onClose] = useUnit([linkChanged, linkSubmitted, linkProofClosed]);
  const t = useT();
  const locale = useLocale();
  if (!task) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const hosts = task.settings.allowed_hosts;
  return (
    <Modal
      title={t('tasks.linkTitle')}
      onClose={() => onClose()}
      actions={[
        {
          label: sending ? t('tasks.linkSending') : t('tasks.linkSend'),
          onClick: () => onSubmit(),
          disabled: !canSend,
          tone: 'primary',
        },
        { label: t('common.cancel'), onClick: () => onClose() },
      ]}
    >
      <p className={styles.task}>{taskText(task.title, locale)}</p>
      <p className={styles.text}>{t('tasks.linkText')}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="task-link"
          type="url"
          label={t('tasks.linkLabel')}
          value={link}
          onChange={onChange}
          problem={problem ? problemText(problem, t) : null}
          hint={hosts.length > 0 ? t('tasks.linkHosts', { hosts: hosts.join(', ') }) : null}
          placeholder="https://"
          disabled={sending}
          testId="task-link-input"
        />
      </form>
    </Modal>
  );
}
