import { HomeScreenRow } from '@/features/add-to-home-screen/index.ui';
import { NotificationsSwitch } from '@/features/notifications-switch/index.ui';
import { InfoSheet as ProgramInfoSheet } from '@/features/program-info/index.ui';

/**
 * The Info sheet as the app shows it (also Telegram's Settings item): the rules of the program, with the
 * switch for the bot's messages and the way to the home screen above them. A chunk of its own (app.tsx),
 * with the models of all three.
 */
export function InfoSheet() {
  return (
    <ProgramInfoSheet
      settings={
        <>
          <NotificationsSwitch />
          <HomeScreenRow />
        </>
      }
    />
  );
}
