import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@/shared/i18n/en';
import { ru } from '@/shared/i18n/ru';
import { bootState } from '@/shared/launch/boot-state';
import { FIRST_LOOK_ID, firstLookEnded, paintFirstLook, type FirstLookFigures } from '@/shared/launch/first-look';
import { firstLookTexts } from '@/shared/launch/first-look-texts';

/*
 * The first look: index.html's launch script paints the dashboard's balances from the sign-in's answer
 * before the app's code has run (src/shared/launch/boot.ts); the app's first screen removes it.
 */
const figures: FirstLookFigures = {
  balance_token: '1234567.899',
  task_balance: '0',
  referral_balance: '0.5',
  hold_bonus: 1.5,
  investment_bonus: 0,
  collective_bonus: 12.345,
};

const shown = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent;

afterEach(() => {
  document.getElementById(FIRST_LOOK_ID)?.remove();
  bootState().appScreenShown = false;
});

describe('the first look', () => {
  it('shows the sign-in’s figures as the dashboard formats them (docs/product.md §5), marked as loading', () => {
    expect(paintFirstLook(figures, firstLookTexts.en, 'en')).toBe(true);
    expect(shown('first-look-balance-token')).toBe('1\u00a0234\u00a0567.89\u00a0TKN');
    expect(shown('first-look-task-balance')).toBe('0.00\u00a0TKN');
    expect(shown('first-look-referral-balance')).toBe('0.50\u00a0TKN');
    expect(shown('first-look-hold-bonus')).toBe('1.50%');
    expect(shown('first-look-collective-bonus')).toBe('12.34%');
    const root = document.getElementById(FIRST_LOOK_ID)!;
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.getAttribute('aria-label')).toBe('Loading');
    expect(root.querySelector('h1')?.textContent).toBe(en['dashboard.title']);
    // Nothing in it can be acted on.
    expect(root.querySelectorAll('a, button, input')).toHaveLength(0);
  });

  it('speaks the user’s language, in the app’s own texts and figures', () => {
    paintFirstLook(figures, firstLookTexts.ru, 'ru');
    const root = document.getElementById(FIRST_LOOK_ID)!;
    expect(root.querySelector('h1')?.textContent).toBe(ru['dashboard.title']);
    expect(root.textContent).toContain(ru['dashboard.referralBalance']);
    expect(root.getAttribute('aria-label')).toBe(ru['common.loading']);
    // Figures as the Russian dashboard shows them: a decimal comma (docs/decisions.md "Formats").
    expect(shown('first-look-balance-token')).toBe('1\u00a0234\u00a0567,89\u00a0TKN');
    expect(shown('first-look-hold-bonus')).toBe('1,50\u00a0%');
  });

  it('puts what the answer says as text, never as markup', () => {
    paintFirstLook({ ...figures, balance_token: '<img src=x onerror=alert(1)>' }, firstLookTexts.en, 'en');
    expect(document.querySelector(`#${FIRST_LOOK_ID} img`)).toBeNull();
    expect(shown('first-look-balance-token')).toBe('—\u00a0TKN');
  });

  it('goes with the app’s first screen, and a late answer never paints over the app', () => {
    paintFirstLook(figures, firstLookTexts.en, 'en');
    firstLookEnded();
    expect(document.getElementById(FIRST_LOOK_ID)).toBeNull();
    expect(paintFirstLook(figures, firstLookTexts.en, 'en')).toBe(false);
    expect(document.getElementById(FIRST_LOOK_ID)).toBeNull();
  });

  it('is painted once', () => {
    expect(paintFirstLook(figures, firstLookTexts.en, 'en')).toBe(true);
    expect(paintFirstLook(figures, firstLookTexts.en, 'en')).toBe(false);
    expect(document.querySelectorAll(`#${FIRST_LOOK_ID}`)).toHaveLength(1);
  });
});
