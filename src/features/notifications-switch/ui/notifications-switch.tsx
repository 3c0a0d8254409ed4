import { useUnit } from 'effector-react';
import { useT } from '@/shared/i18n';
import { Switch } from '@/shared/ui/switch';
import { $enabled, $pending, toggled } from '../model/notifications-switch';

/** The row that turns the bot's messages about the user's events on or off. */
export function NotificationsSwitch() {
  const [enabled, pending, toggle] = useUnit([$enabled, $pending, toggled]);
  const t = useT();
  return (
    <div data-testid="notifications-switch">
      <Switch
        label={t('info.bot')}
        description={t('info.botHint')}
        checked={enabled}
        disabled={pending}
        onChange={toggle}
      />
    </div>
  );
}
