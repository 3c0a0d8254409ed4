import { allSettled } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { inviteFriendsModel } from '@/features/invite-friends';
import { type UserMe } from '@/shared/api';
import { copyTextFx } from '@/shared/lib/clipboard';
import { isVersionAtLeastFx, shareMessageFx } from '@/shared/telegram';
import { createTestScope, signedInMember } from './scope';

const { inviteClicked, copyLinkClicked } = inviteFriendsModel;
const LINK = 'https://t.me/ton_token_sandbox_bot/app?startapp=ALICE42';
const me = { id: 1, telegram_id: 777, ref_code: 'ALICE42', ref: { level: 0 }, community_participation: true } as UserMe;
const values = [[userModel.$user, me] as const, ...signedInMember.filter(([store]) => store !== userModel.$user)];

function setup({ version8 }: { version8: boolean }) {
  const calls = {
    version: vi.fn((version: string) => version8 && version === '8.0'),
    prepare: vi.fn(async () => ({ inline_message_id: 'prepared-1', link: LINK })),
    share: vi.fn(async () => true),
    copy: vi.fn(async () => undefined),
  };
  const test = createTestScope({
    values,
    handlers: [
      [isVersionAtLeastFx, calls.version],
      [inviteFriendsModel.prepareMessageFx, calls.prepare],
      [shareMessageFx, calls.share],
      [copyTextFx, calls.copy],
    ],
  });
  return { ...test, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('Invite Friends', () => {
  it('Telegram 8.0 or later: the server prepares the message, Telegram shares it', async () => {
    const { scope, calls, host } = setup({ version8: true });
    await allSettled(inviteClicked, { scope });
    expect(calls.version).toHaveBeenCalledWith('8.0');
    expect(calls.prepare).toHaveBeenCalledTimes(1);
    expect(calls.share).toHaveBeenCalledWith('prepared-1');
    expect(host.openTelegramLink).not.toHaveBeenCalled();
  });

  it('older Telegram: the share link with the referral link and a text, both encoded', async () => {
    const { scope, calls, host } = setup({ version8: false });
    await allSettled(inviteClicked, { scope });
    expect(calls.prepare).not.toHaveBeenCalled();
    expect(calls.share).not.toHaveBeenCalled();
    expect(host.openTelegramLink).toHaveBeenCalledTimes(1);
    const url = new URL(host.openTelegramLink.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(LINK);
    expect(url.searchParams.get('text')).toBe('Join me: mint tokens for TON and earn with me.');
    expect(host.openTelegramLink.mock.calls[0]![0]).toContain(`url=${encodeURIComponent(LINK)}&text=`);
  });

  it('a message the server could not prepare (5xx) opens nothing', async () => {
    const { scope, calls, host } = setup({ version8: true });
    calls.prepare.mockImplementation(async () => null as never);
    await allSettled(inviteClicked, { scope });
    expect(calls.share).not.toHaveBeenCalled();
    expect(host.openTelegramLink).not.toHaveBeenCalled();
  });

  it('a share dialog the host refuses says so', async () => {
    const { scope, calls, toasts, host } = setup({ version8: true });
    calls.share.mockImplementation(async () => {
      throw new Error('WebAppShareMessageOpened');
    });
    await allSettled(inviteClicked, { scope });
    expect(toasts).toContainEqual(
      expect.objectContaining({ text: 'Could not prepare the message to share. Try again.', kind: 'error' }),
    );
    expect(host.hapticError).toHaveBeenCalled();
  });

  it('a second press while the message is being prepared asks the server once', async () => {
    const { scope, calls } = setup({ version8: true });
    let answer: (value: { inline_message_id: string; link: string }) => void = () => {};
    calls.prepare.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const first = allSettled(inviteClicked, { scope });
    await vi.waitFor(() => expect(calls.prepare).toHaveBeenCalledTimes(1));
    expect(scope.getState(inviteFriendsModel.$isInviting)).toBe(true);
    // allSettled waits for the whole scope, so the second press is awaited after the answer.
    const second = allSettled(inviteClicked, { scope });
    answer({ inline_message_id: 'prepared-2', link: LINK });
    await Promise.all([first, second]);
    expect(calls.prepare).toHaveBeenCalledTimes(1);
    expect(calls.share).toHaveBeenCalledWith('prepared-2');
    expect(scope.getState(inviteFriendsModel.$isInviting)).toBe(false);
  });

  it('does nothing before the user (and so the link) is known', async () => {
    const version = vi.fn(() => true);
    const { scope, host } = createTestScope({ handlers: [[isVersionAtLeastFx, version]] });
    await allSettled(inviteClicked, { scope });
    expect(version).not.toHaveBeenCalled();
    expect(host.openTelegramLink).not.toHaveBeenCalled();
  });
});

describe('copy link', () => {
  it("copies the user's referral link and says so (docs/product.md §9 text)", async () => {
    const { scope, calls, toasts } = setup({ version8: true });
    await allSettled(copyLinkClicked, { scope });
    expect(calls.copy).toHaveBeenCalledWith(LINK);
    expect(toasts).toContainEqual(
      expect.objectContaining({ text: 'Referral link copied to clipboard', kind: 'success', durationMs: 3000 }),
    );
  });

  it('says when no way of copying worked', async () => {
    const { scope, calls, toasts } = setup({ version8: true });
    calls.copy.mockImplementation(async () => {
      throw new Error('Clipboard API not available');
    });
    await allSettled(copyLinkClicked, { scope });
    expect(toasts).toContainEqual(expect.objectContaining({ kind: 'error' }));
    expect(toasts.map((toast) => toast.text)).not.toContain('Referral link copied to clipboard');
  });
});
