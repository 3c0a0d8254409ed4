/**
 * The first look's texts (./first-look.ts), picked from the app's catalogues so they cannot drift. In
 * index.html's inline script they are these values only: vite.config.ts `inlineLaunchBoot` replaces
 * this module with its result (the whole catalogues would be ~25 kB in every launch's HTML).
 */
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import type { Catalogue, Locale } from '../i18n/translate';

const FIRST_LOOK_KEYS = [
  'common.loading',
  'dashboard.title',
  'dashboard.balances',
  'dashboard.balance',
  'dashboard.taskBalance',
  'dashboard.referralBalance',
  'dashboard.bonuses',
  'dashboard.holdBonus',
  'dashboard.investmentBonus',
  'dashboard.collectiveBonus',
] as const satisfies readonly (keyof Catalogue)[];

export type FirstLookTexts = Record<(typeof FIRST_LOOK_KEYS)[number], string>;

const pick = (catalogue: Catalogue): FirstLookTexts =>
  Object.fromEntries(FIRST_LOOK_KEYS.map((key) => [key, catalogue[key]])) as FirstLookTexts;

export const firstLookTexts: Record<Locale, FirstLookTexts> = { en: pick(en), ru: pick(ru) };
