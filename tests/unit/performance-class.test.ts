/** Telegram's device class from Android's user agent (docs/decisions.md "Telegram's platform"). */
import { describe, expect, it } from 'vitest';
import { performanceClass } from '@/shared/telegram';

describe('performanceClass', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Xiaomi Redmi 9A; Android 10; SDK 29; LOW)',
      'LOW',
    ],
    ['Mozilla/5.0 (Linux; Android 14) Telegram-Android/11.5.0 (Google Pixel 8; Android 14; SDK 34; HIGH)', 'HIGH'],
    ['Mozilla/5.0 Telegram-Android/10.0.0 (Samsung SM-A515F; Android 13; SDK 33; AVERAGE)', 'AVERAGE'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', null],
    ['Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0 Mobile Safari/537.36', null],
    // Only Telegram's own part counts: the class must end its parenthesis.
    ['Mozilla/5.0 (X11; LOW) Chrome/120.0', null],
    ['Telegram-Android/11.2.3 (Device; Android 10; SDK 29; LOWEST)', null],
  ])('%s → %s', (userAgent, expected) => {
    expect(performanceClass(userAgent)).toBe(expected);
  });
});
