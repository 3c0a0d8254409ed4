/**
 * The first look: the dashboard's balances and bonuses painted by index.html's inline launch script
 * (./boot.ts) from the sign-in's own answer, before the app's code has run — on a throttled phone the
 * entry takes ~1.5–2.5 s to arrive, compile and render, the sign-in's answer ~0.6 s. The figures are
 * fresh (this launch's sign-in, this Telegram user), not remembered; the page shows no control to act
 * on them and says it is still loading (aria-busy, a spinner) until the app's first screen replaces it
 * (firstLookEnded, from the app's first screen). It is painted only on the dashboard's path, when the
 * maintenance status and the sign-in both answered 200, and never after the app's screen is up.
 *
 * Global class names (./first-look.css, in the app's stylesheet, which the first paint waits for):
 * the layout is the dashboard's, with placeholders where its other parts (the wallet, the total value,
 * the sections) will be, so the figures stay in place when the app takes over.
 */
import { formatPercent, formatTokens } from '../../../contract/format/format-core.js';
import { bootState } from './boot-state';
import type { FirstLookTexts } from './first-look-texts';
import type { Locale } from '../i18n/translate';

export const FIRST_LOOK_ID = 'first-look';

/** The part of the sign-in's user the first look shows (contract: user/schemas.ts). */
export interface FirstLookFigures {
  balance_token: string;
  task_balance: string;
  referral_balance: string;
  hold_bonus: number;
  investment_bonus: number;
  collective_bonus: number;
}

type Child = Node | string;

function el(tag: string, className: string, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  // Text nodes only: nothing here is parsed as HTML.
  node.append(...children);
  return node;
}

function rows(items: Array<[label: string, value: string, testId: string, strong?: boolean]>): HTMLElement {
  return el(
    'div',
    'first-look__card',
    ...items.map(([label, value, testId, strong]) => {
      const figure = el('span', strong ? 'first-look__value first-look__value--strong' : 'first-look__value', value);
      figure.dataset['testid'] = testId;
      return el('div', 'first-look__row', el('span', 'first-look__label', label), figure);
    }),
  );
}

const section = (title: string, body: HTMLElement) =>
  el('section', 'first-look__section', el('h2', 'first-look__section-title', title), body);

/** Paints the first look over the loader, figures in `locale` as the app shows them; false when the app's own screen is already up. */
export function paintFirstLook(figures: FirstLookFigures, texts: FirstLookTexts, locale: Locale): boolean {
  if (bootState().appScreenShown || document.getElementById(FIRST_LOOK_ID)) return false;
  const root = el(
    'div',
    'first-look',
    el(
      'div',
      'first-look__page',
      el('h1', 'first-look__title', texts['dashboard.title']),
      el(
        'div',
        'first-look__placeholder first-look__placeholder--wallet',
        el('span', 'full-page-loader__spinner first-look__spinner'),
      ),
      el('div', 'first-look__placeholder first-look__placeholder--hero'),
      el('div', 'first-look__placeholder first-look__placeholder--switch'),
      section(
        texts['dashboard.balances'],
        rows([
          [texts['dashboard.balance'], formatTokens(figures.balance_token, locale), 'first-look-balance-token', true],
          [texts['dashboard.taskBalance'], formatTokens(figures.task_balance, locale), 'first-look-task-balance'],
          [
            texts['dashboard.referralBalance'],
            formatTokens(figures.referral_balance, locale),
            'first-look-referral-balance',
          ],
        ]),
      ),
      section(
        texts['dashboard.bonuses'],
        rows([
          [texts['dashboard.holdBonus'], formatPercent(figures.hold_bonus, locale), 'first-look-hold-bonus'],
          [
            texts['dashboard.investmentBonus'],
            formatPercent(figures.investment_bonus, locale),
            'first-look-investment-bonus',
          ],
          [
            texts['dashboard.collectiveBonus'],
            formatPercent(figures.collective_bonus, locale),
            'first-look-collective-bonus',
          ],
        ]),
      ),
    ),
    el('div', 'first-look__navbar'),
  );
  root.id = FIRST_LOOK_ID;
  root.dataset['testid'] = FIRST_LOOK_ID;
  root.setAttribute('aria-busy', 'true');
  root.setAttribute('aria-label', texts['common.loading']);
  document.body.append(root);
  return true;
}

/** The app's first screen is up (whatever it is): the first look goes, and no late answer paints it. */
export function firstLookEnded(): void {
  bootState().appScreenShown = true;
  document.getElementById(FIRST_LOOK_ID)?.remove();
}
