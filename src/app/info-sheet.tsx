import { NotificationsSwitch } from '@/features/notifications-switch/index.ui';
import { InfoSheet as ProgramInfoSheet } from '@/features/program-info/index.ui';

/**
 * The Info sheet as the app shows it: the rules of the program, with the switch for the bot's
 * messages above them. A chunk of its own (app.tsx), with the models of both.
 */
export function InfoSheet() {
  return <ProgramInfoSheet settings={<NotificationsSwitch />} />;
}
