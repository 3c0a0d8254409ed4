/**
 * Global settings (maintenance, collective bonus) as other domains read and write them: the settings
 * table is reached through this file only.
 */
export { type Settings, allSettings, getSetting, setSetting, settingSql } from './queries';
