import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { notificationsSwitchModel } from '@/features/notifications-switch';
import { ApiError, type RequestOptions, sendRequestFx, type UserMe } from '@/shared/api';
import { en } from '@/shared/i18n';
import { createTestScope, signedInMember } from './scope';

const { $enabled, $pending, toggled } = notificationsSwitchModel;

const member = signedInMember.map(([store, value]) =>
  store === userModel.$user
    ? ([store, { ...(value as UserMe), notifications_enabled: true }] as const)
    : [store, value],
) as typeof signedInMember;

/**
 * The whole path from the switch to the transport: the call table's method, path and body, and a
 * refusal through the error catalogue to its toast, as every failed call shows it.
 */
function setup(answer: (options: RequestOptions) => Promise<unknown>) {
  const send = vi.fn(async ({ options }: { options: RequestOptions }) => ({
    data: await answer(options),
    refreshed: null,
  }));
  return { send, ...createTestScope({ values: member, handlers: [[sendRequestFx, send]] }) };
}

describe('the switch for the bot’s notifications', () => {
  it('is on as /user/me says; turning it off sends enabled: false, shows off and keeps the answer as the user’s state', async () => {
    const { scope, send } = setup(async (options) => ({
      notifications_enabled: (options.body as { enabled: boolean }).enabled,
    }));
    expect(scope.getState($enabled)).toBe(true);
    await allSettled(toggled, { scope, params: false });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].options).toMatchObject({
      method: 'PATCH',
      path: '/user/notifications',
      body: { enabled: false },
    });
    expect(scope.getState($enabled)).toBe(false);
    expect(scope.getState(userModel.$user)?.notifications_enabled).toBe(false);
    expect(scope.getState($pending)).toBe(false);
  });

  it('shows the state asked for and is disabled while the call runs; a toggle meanwhile sends nothing', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { scope, send } = setup(() => new Promise((resolve) => (answer = resolve)));
    const first = allSettled(toggled, { scope, params: false });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(scope.getState($pending)).toBe(true);
    expect(scope.getState($enabled)).toBe(false);
    // Settles only with the first call: the scope's effects are all awaited.
    const second = allSettled(toggled, { scope, params: true });
    answer({ notifications_enabled: false });
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(scope.getState($pending)).toBe(false);
    expect(scope.getState($enabled)).toBe(false);
  });

  it.each([
    [
      'offline',
      new ApiError({ kind: 'network', status: 0, message: 'offline', serverMessage: null }),
      en['error.network'],
    ],
    [
      'a 5xx (the call resolves with no answer)',
      new ApiError({ kind: 'http', status: 503, message: 'down', serverMessage: 'Service unavailable' }),
      'Service unavailable',
    ],
  ])('a failed call (%s) returns the switch to where it was and shows its toast', async (_, failure, text) => {
    const { scope, toasts } = setup(async () => {
      throw failure;
    });
    await allSettled(toggled, { scope, params: false });
    expect(scope.getState($enabled)).toBe(true);
    expect(scope.getState(userModel.$user)?.notifications_enabled).toBe(true);
    expect(scope.getState($pending)).toBe(false);
    expect(toasts).toContainEqual(expect.objectContaining({ text, kind: 'error' }));
  });
});
