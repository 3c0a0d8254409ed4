import { useUnit } from 'effector-react';
import type { FarmingActivationStatus } from '@/shared/api';
import { useT, type MessageKey } from '@/shared/i18n';
import { formatTokens, formatTon } from '@/shared/lib/format';
import { Icon, type IconName } from '@/shared/ui/icon';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Modal } from '@/shared/ui/modal';
import { $activation, $isActivating, activateClicked, modalClosed } from '../model/farm-activation';
import styles from './farm-activation-modal.module.css';

type Status = FarmingActivationStatus['status'];

/** docs/product.md §4: a gift for ACTIVE, a rocket for REACHED, a lock for REVOKED; the titles are the spec's. */
const LOOK = {
  ACTIVE: { icon: 'gift', title: 'farming.activation.activeTitle', tone: 'active' },
  REACHED: { icon: 'rocket', title: 'farming.activation.reachedTitle', tone: 'reached' },
  REVOKED: { icon: 'lock', title: 'farming.activation.revokedTitle', tone: 'revoked' },
} as const satisfies Record<Status, { icon: IconName; title: MessageKey; tone: string }>;

/** Why, by the status's code (its English `message` is for programs; the catalogue has each in every language). */
const SAID = {
  farmingActivationActive: 'server.farmingActivationActive',
  farmingActivationReached: 'server.farmingActivationReached',
  farmingActivationRevoked: 'server.farmingActivationRevoked',
  farmingForAuthorOnly: 'server.farmingForAuthorOnly',
  farmingOwnLink: 'server.farmingOwnLink',
  farmingAlreadyActivated: 'server.farmingAlreadyActivated',
  farmingCodeUsed: 'server.farmingCodeUsed',
  farmingLinkUsedUp: 'server.farmingLinkUsedUp',
} as const satisfies Record<FarmingActivationStatus['code'], MessageKey>;

/** The farm activation modal (docs/product.md §2): what the link gives and Activate, or why it cannot be used. */
export function FarmActivationModal() {
  const [activation, activating, onActivate, onClose] = useUnit([
    $activation,
    $isActivating,
    activateClicked,
    modalClosed,
  ]);
  const t = useT();
  if (!activation) return null;
  const { status, code, mint_details: details } = activation.status;
  const look = LOOK[status];
  const title = t(look.title);
  const said = t(SAID[code]);
  const text =
    status === 'REVOKED'
      ? t('farming.activation.revokedText')
      : status === 'REACHED'
        ? said === title
          ? undefined
          : said
        : said;
  return (
    <Modal
      title={title}
      text={text}
      illustration={
        <span
          className={`${styles.picture} ${styles[look.tone]}`}
          data-testid={`farm-activation-${status.toLowerCase()}`}
        >
          <Icon name={look.icon} size={40} />
        </span>
      }
      onClose={() => onClose()}
      actions={
        status === 'ACTIVE'
          ? [
              {
                label: t('farming.activation.activate'),
                onClick: () => onActivate(),
                disabled: activating,
                tone: 'primary',
              },
              { label: t('farming.activation.notNow'), onClick: () => onClose() },
            ]
          : [{ label: t('farming.activation.close'), onClick: () => onClose() }]
      }
    >
      {status === 'ACTIVE' ? (
        <div className={styles.details}>
          <ListRows label={t('farming.activation.detailsLabel')}>
            <ListRow
              label={t('farming.activation.tokens')}
              value={formatTokens(details.amount_token, t.locale)}
              strong
            />
            <ListRow label={t('farming.activation.worth')} value={formatTon(details.amount_ton, t.locale)} />
            <ListRow label={t('farming.activation.term')} value={t('common.days', { count: details.tariff_days })} />
          </ListRows>
        </div>
      ) : null}
    </Modal>
  );
}
