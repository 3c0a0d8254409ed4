import { useUnit } from 'effector-react';
import type { ChangeEvent } from 'react';
import { taskText } from '@/entities/task';
import { TASK_PHOTO_DEFAULT_MAX_BYTES, TASK_PHOTO_TYPES } from '@/shared/api';
import { useLocale, useT } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import { ProgressBar } from '@/shared/ui/progress-bar';
import {
  $canSend,
  $isSending,
  $previewUrl,
  $problem,
  $progress,
  $task,
  photoChosen,
  photoProofClosed,
  photoSubmitted,
} from '../model/photo-proof';
import styles from './task-photo-modal.module.css';

const MAX_MB = TASK_PHOTO_DEFAULT_MAX_BYTES / (1024 * 1024);

/** docs/product.md §2 'add photo': take or pick a photo, see it, send it with its progress. */
export function TaskPhotoModal() {
  const [task, previewUrl, problem, progress, sending, canSend] = useUnit([
    $task,
    $previewUrl,
    $problem,
    $progress,
    $isSending,
    $canSend,
  ]);
  const [onChosen, onSubmit, onClose] = useUnit([photoChosen, photoSubmitted, photoProofClosed]);
  const t = useT();
  const locale = useLocale();
  if (!task) return null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again after a refusal must fire a change again.
    event.target.value = '';
    if (file) onChosen(file);
  };
  const percent = Math.floor(progress ?? 0);
  return (
    <Modal
      title={t('tasks.photoTitle')}
      onClose={() => onClose()}
      actions={[
        {
          label: sending ? t('tasks.photoUploading', { percent }) : t('tasks.photoSend'),
          onClick: () => onSubmit(),
          disabled: !canSend,
          tone: 'primary',
        },
        { label: t('common.cancel'), onClick: () => onClose() },
      ]}
    >
      <div className={styles.body}>
        <p className={styles.task}>{taskText(task.title, locale)}</p>
        <p className={styles.text}>{t('tasks.photoText', { size: MAX_MB })}</p>
        {previewUrl ? (
          <img
            className={styles.preview}
            src={previewUrl}
            alt={t('tasks.photoPreview')}
            data-testid="task-photo-preview"
          />
        ) : null}
        <label className={sending ? `${styles.pick} ${styles.disabled}` : styles.pick}>
          <input
            className={styles.file}
            type="file"
            accept={TASK_PHOTO_TYPES.join(',')}
            capture="environment"
            disabled={sending}
            onChange={choose}
            aria-describedby={problem ? 'task-photo-error' : undefined}
            data-testid="task-photo-input"
          />
          <Icon name="camera" size={20} />
          <span>{previewUrl ? t('tasks.photoChange') : t('tasks.photoChoose')}</span>
        </label>
        {problem ? (
          <p id="task-photo-error" className={styles.error} role="alert" data-testid="task-photo-error">
            {problem === 'size' ? t('error.fileTooLarge') : t('server.taskPhotoType')}
          </p>
        ) : null}
        {progress !== null ? (
          <div className={styles.progress}>
            <ProgressBar percent={progress} label={t('tasks.photoProgress')} testId="task-photo-progress" />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
