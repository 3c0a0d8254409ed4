import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, MIN_TEXT_CONTRAST, readableOn, readableThemeColors } from '@/shared/lib/contrast';

describe('WCAG contrast of the theme colours', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // Telegram's light hint on white: below what small text needs.
    expect(contrastRatio('#999999', '#ffffff')).toBeCloseTo(2.85, 2);
    expect(contrastRatio('#2481cc', '#ffffff')).toBeCloseTo(4.13, 2);
  });

  it('keeps a readable colour as it is, and moves an unreadable one just far enough', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const hint = readableOn('#999999', ['#ffffff', '#efeff3']);
    expect(contrastRatio(hint, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(hint, '#efeff3')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Darker, not black: the theme's grey stays a grey.
    expect(contrastRatio(hint, '#ffffff')).toBeLessThan(7);
  });

  it('on dark backgrounds it lightens', () => {
    const button = readableOn('#8774e1', ['#0f0f0f', '#212121']);
    expect(contrastRatio(button, '#0f0f0f')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(button, '#212121')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('a button background becomes readable under its own text colour', () => {
    const background = readableOn('#2481cc', ['#ffffff']);
    expect(contrastRatio('#ffffff', background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('leaves colours it cannot read alone', () => {
    expect(readableOn('rebeccapurple', ['#ffffff'])).toBe('rebeccapurple');
    expect(readableOn('#123456', ['transparent'])).toBe('#123456');
  });
});

describe("the theme's readable colours (what applyThemeFx sets as --tg-readable-*)", () => {
  const light = {
    bg_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    section_bg_color: '#ffffff',
    hint_color: '#999999',
    link_color: '#2481cc',
    accent_text_color: '#2481cc',
    destructive_text_color: '#ff3b30',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
  };
  it('every text colour reads on every background and on the fill over it; the button under its text', () => {
    const colors = readableThemeColors(light, 'light');
    const backgrounds = ['#ffffff', '#efeff3', blend('#ffffff', '#787880', 0.16), blend('#efeff3', '#787880', 0.16)];
    for (const name of [
      '--tg-readable-hint',
      '--tg-readable-link',
      '--tg-readable-accent',
      '--tg-readable-destructive',
    ]) {
      for (const background of backgrounds) {
        expect(contrastRatio(colors[name]!, background), `${name} on ${background}`).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
    }
    expect(contrastRatio('#ffffff', colors['--tg-readable-button']!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('sets nothing it cannot work out (a theme without backgrounds)', () => {
    expect(readableThemeColors({ hint_color: '#999999' }, 'light')).toEqual({});
  });
});
