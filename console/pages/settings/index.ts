import { SettingsPage } from './ui/settings-page';
import { currentRoute } from './model/settings';

export const consoleSettingsPage = { route: currentRoute, view: SettingsPage };
export * as consoleSettingsModel from './model/settings';
