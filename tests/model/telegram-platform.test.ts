/**
 * Telegram's later platform (docs/decisions.md "Telegram's platform"): the full-screen chart's state from
 * the host's events, with the fallbacks of older clients.
 */
import { createMemoryHistory } from 'history';
import { allSettled } from 'effector';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/app/model';
import { userModel } from '@/entities/user';
import { homeScreenModel } from '@/features/add-to-home-screen/index.ui';
import { backNavigationModel } from '@/features/back-navigation';
import { shareStoryModel } from '@/pages/referral/index.ui';
import { $infoOpen } from '@/features/program-info';
import { chartFullscreenModel } from '@/pages/dashboard/index.ui';
import { router } from '@/shared/routing';
import { backButtonPressed, hostEvent, isVersionAtLeastFx } from '@/shared/telegram';
import { type UserMe } from '@/shared/api';
import {
  addToHomeScreenFx,
  checkHomeScreenStatusFx,
  exitFullscreenFx,
  type HomeScreenStatus,
  requestFullscreenFx,
  shareToStoryFx,
} from '@/shared/telegram-platform';
import { createTestScope } from './scope';

const { $open, $hostFullscreen, $failure, expandClicked, closeClicked } = chartFullscreenModel;

describe('the price chart full screen', () => {
  async function setup(version: string, path = '/') {
    const calls = {
      request: vi.fn(),
      exit: vi.fn(),
      version: vi.fn((wanted: string) => Number(version) >= Number(wanted)),
    };
    const test = createTestScope({
      handlers: [
        [requestFullscreenFx, calls.request],
        [exitFullscreenFx, calls.exit],
        [isVersionAtLeastFx, calls.version],
      ],
    });
    const history = createMemoryHistory({ initialEntries: [path] });
    await allSettled(router.setHistory, { scope: test.scope, params: history });
    await allSettled(backNavigationModel.navigationStarted, { scope: test.scope });
    return { ...test, calls, history };
  }
  const host = (type: string, isFullscreen: boolean, data?: unknown) => ({ type, isFullscreen, data });

  it('on 8.0 asks Telegram for full screen and follows what it reports', async () => {
    const { scope, calls, host: spies } = await setup('8.0');
    await allSettled(expandClicked, { scope });
    expect(scope.getState($open)).toBe(true);
    expect(calls.version).toHaveBeenCalledWith('8.0');
    expect(calls.request).toHaveBeenCalledTimes(1);
    // The back button shows on the root while the view is open.
    expect(spies.setBackButtonVisible).toHaveBeenLastCalledWith(true);
    await allSettled(hostEvent, { scope, params: host('fullscreenChanged', true) });
    expect(scope.getState($hostFullscreen)).toBe(true);
    expect(scope.getState($failure)).toBeNull();

    await allSettled(closeClicked, { scope });
    expect(scope.getState($open)).toBe(false);
    expect(calls.exit).toHaveBeenCalledTimes(1);
    expect(spies.setBackButtonVisible).toHaveBeenLastCalledWith(false);
  });

  it('closes when the user leaves full screen through Telegram, without asking to leave again', async () => {
    const { scope, calls } = await setup('8.0');
    await allSettled(expandClicked, { scope });
    await allSettled(hostEvent, { scope, params: host('fullscreenChanged', true) });
    await allSettled(hostEvent, { scope, params: host('fullscreenChanged', false) });
    expect(scope.getState($open)).toBe(false);
    expect(calls.exit).not.toHaveBeenCalled();
  });

  it('says why Telegram refused and keeps the chart filling the app; ALREADY_FULLSCREEN is full screen', async () => {
    const { scope } = await setup('8.0');
    await allSettled(expandClicked, { scope });
    await allSettled(hostEvent, { scope, params: host('fullscreenFailed', false, { error: 'UNSUPPORTED' }) });
    expect(scope.getState($open)).toBe(true);
    expect(scope.getState($failure)).toBe('UNSUPPORTED');

    await allSettled(closeClicked, { scope });
    await allSettled(expandClicked, { scope });
    expect(scope.getState($failure)).toBeNull();
    await allSettled(hostEvent, { scope, params: host('fullscreenFailed', true, { error: 'ALREADY_FULLSCREEN' }) });
    expect(scope.getState($failure)).toBeNull();
    expect(scope.getState($hostFullscreen)).toBe(true);
  });

  it('before 8.0 opens the in-app view only', async () => {
    const { scope, calls } = await setup('7.0');
    await allSettled(expandClicked, { scope });
    expect(scope.getState($open)).toBe(true);
    expect(calls.request).not.toHaveBeenCalled();
    await allSettled(closeClicked, { scope });
    expect(calls.exit).not.toHaveBeenCalled();
  });

  it("Telegram's back button closes the view and navigates nowhere", async () => {
    const { scope, calls, history } = await setup('8.0', '/history');
    await allSettled(expandClicked, { scope });
    await allSettled(hostEvent, { scope, params: host('fullscreenChanged', true) });
    await allSettled(backButtonPressed, { scope });
    expect(scope.getState($open)).toBe(false);
    expect(calls.exit).toHaveBeenCalledTimes(1);
    expect(history.location.pathname).toBe('/history');
    // Off the root, the back button stays for the route.
    await allSettled(backButtonPressed, { scope });
    expect(history.location.pathname).toBe('/');
  });
});

describe("Telegram's Settings item", () => {
  it('opens the Info sheet (the bot-notifications switch and the rules)', async () => {
    const { scope } = createTestScope();
    await allSettled(hostEvent, { scope, params: { type: 'fullscreenChanged', isFullscreen: false } });
    expect(scope.getState($infoOpen)).toBe(false);
    await allSettled(hostEvent, { scope, params: { type: 'settingsButtonClicked', isFullscreen: false } });
    expect(scope.getState($infoOpen)).toBe(true);
  });
});

describe('add to home screen (offered once, never after added or unsupported)', () => {
  const me = { id: 1, telegram_id: 4242, ref: { level: 0 }, community_participation: true } as UserMe;
  /** One device: its localStorage is kept across the launches (scopes) of a test. */
  function launch(status: HomeScreenStatus, version = '8.0') {
    const calls = {
      check: vi.fn(async () => status),
      add: vi.fn(),
      version: vi.fn((wanted: string) => Number(version) >= Number(wanted)),
    };
    const test = createTestScope({
      values: [[userModel.$user, me]],
      handlers: [
        [checkHomeScreenStatusFx, calls.check],
        [addToHomeScreenFx, calls.add],
        [isVersionAtLeastFx, calls.version],
      ],
    });
    return { ...test, calls };
  }
  const { $offerShown, $status, offerMounted, rowMounted, addClicked, notNowClicked } = homeScreenModel;
  const added = { type: 'homeScreenAdded', isFullscreen: false };
  beforeEach(() => window.localStorage.clear());

  it("offers once when the shortcut is 'missed', and not on the next launch", async () => {
    const first = launch('missed');
    await allSettled(offerMounted, { scope: first.scope });
    expect(first.scope.getState($offerShown)).toBe(true);
    await allSettled(notNowClicked, { scope: first.scope });
    expect(first.scope.getState($offerShown)).toBe(false);

    const next = launch('missed');
    await allSettled(offerMounted, { scope: next.scope });
    expect(next.scope.getState($offerShown)).toBe(false);
    expect(next.calls.check).not.toHaveBeenCalled();
    // The Info sheet still has it.
    await allSettled(rowMounted, { scope: next.scope });
    expect(next.scope.getState($status)).toBe('missed');
  });

  it('adds through Telegram; once added, never offered again', async () => {
    const first = launch('missed');
    await allSettled(offerMounted, { scope: first.scope });
    await allSettled(addClicked, { scope: first.scope });
    expect(first.calls.add).toHaveBeenCalledTimes(1);
    await allSettled(hostEvent, { scope: first.scope, params: added });
    expect(first.scope.getState($status)).toBe('added');
    expect(first.toasts.at(-1)).toMatchObject({ text: 'Added to your home screen', kind: 'success' });
    expect(window.localStorage.getItem('home_screen.4242')).toBe('added');
  });

  it("is never offered where Telegram says 'unsupported' or 'added', nor before 8.0", async () => {
    for (const status of ['unsupported', 'added'] as const) {
      window.localStorage.clear();
      const first = launch(status);
      await allSettled(offerMounted, { scope: first.scope });
      expect(first.scope.getState($offerShown)).toBe(false);
      expect(window.localStorage.getItem('home_screen.4242')).toBe(status);
      const next = launch('missed');
      await allSettled(offerMounted, { scope: next.scope });
      expect(next.scope.getState($offerShown)).toBe(false);
    }
    window.localStorage.clear();
    const old = launch('missed', '7.0');
    await allSettled(offerMounted, { scope: old.scope });
    await allSettled(rowMounted, { scope: old.scope });
    expect(old.scope.getState($offerShown)).toBe(false);
    expect(old.scope.getState($status)).toBeNull();
    expect(old.calls.check).not.toHaveBeenCalled();
  });

  it("a device that cannot add it (homeScreenFailed) is remembered as 'unsupported'", async () => {
    const first = launch('unknown');
    await allSettled(rowMounted, { scope: first.scope });
    expect(first.scope.getState($status)).toBe('unknown');
    await allSettled(addClicked, { scope: first.scope });
    await allSettled(hostEvent, {
      scope: first.scope,
      params: { type: 'homeScreenFailed', isFullscreen: false, data: { error: 'UNSUPPORTED' } },
    });
    expect(first.scope.getState($status)).toBe('unsupported');
    expect(window.localStorage.getItem('home_screen.4242')).toBe('unsupported');
    expect(first.toasts.at(-1)).toMatchObject({ kind: 'error' });
  });
});

describe('share to story', () => {
  const me = { id: 1, telegram_id: 4242, ref_code: 'ALICE234', ref: { level: 0 } } as UserMe;
  function setup(version: string) {
    const share = vi.fn();
    const test = createTestScope({
      values: [[userModel.$user, me]],
      handlers: [
        [shareToStoryFx, share],
        [isVersionAtLeastFx, (wanted: string) => Number(version) >= Number(wanted)],
      ],
    });
    return { ...test, share };
  }
  const { $supported, buttonMounted, storyClicked } = shareStoryModel;

  it("7.8 or later: the server's image of the invite, its caption and a link widget to the referral link", async () => {
    const { scope, share } = setup('7.8');
    await allSettled(buttonMounted, { scope });
    expect(scope.getState($supported)).toBe(true);
    await allSettled(storyClicked, { scope });
    expect(share).toHaveBeenCalledWith({
      mediaUrl: `${window.location.origin}/api/story/ALICE234.png?lang=en`,
      text: 'Join me: mint tokens for TON and earn with me.',
      widgetLink: { url: expect.stringMatching(/startapp=ALICE234$/), name: 'Join me' },
    });
  });

  it('before 7.8: no button, and nothing is posted', async () => {
    const { scope, share } = setup('7.0');
    await allSettled(buttonMounted, { scope });
    expect(scope.getState($supported)).toBe(false);
    await allSettled(storyClicked, { scope });
    expect(share).not.toHaveBeenCalled();
  });
});
