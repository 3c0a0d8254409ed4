/** Opened in a plain browser: no launch data, every host call a silent no-op (docs/foundations.md §6). */
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  window.sessionStorage.clear();
  window.location.hash = '';
});

import {
  closeAppFx,
  expandFx,
  getLaunchParams,
  hapticErrorFx,
  hapticFx,
  readyFx,
  setBackButtonVisibleFx,
} from '@/shared/telegram';

describe('outside Telegram', () => {
  it('has no launch data and an unknown platform', () => {
    expect(getLaunchParams()).toEqual({
      initData: '',
      telegramUserId: null,
      startParam: null,
      platform: 'unknown',
      version: '6.0',
      colorScheme: 'light',
      languageCode: null,
    });
  });

  it('host calls resolve without doing anything', async () => {
    const scope = fork();
    for (const result of [
      await allSettled(readyFx, { scope }),
      await allSettled(expandFx, { scope }),
      await allSettled(hapticErrorFx, { scope }),
      await allSettled(hapticFx, { scope, params: 'medium' }),
      await allSettled(setBackButtonVisibleFx, { scope, params: true }),
      await allSettled(closeAppFx, { scope }),
    ]) {
      expect(result.status).toBe('done');
    }
  });
});
