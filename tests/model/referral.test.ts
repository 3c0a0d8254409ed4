import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { referralLink, userModel } from '@/entities/user';
import { referralsModel, referralTransferModel, tierProgress, transferProblem } from '@/pages/referral';
import { type Balances, type Referral, type ReferralList, type ReferralTier, type UserMe } from '@/shared/api';
import { createTestScope, signedInMember } from './scope';

const { $user, $newReferralsCount, $referralLink, newReferralsSeen } = userModel;

const user = (overrides: Partial<UserMe> = {}): UserMe => ({
  id: 1,
  telegram_id: 777,
  first_name: 'Alice',
  username: 'alice',
  language_code: 'en',
  ref: { level: 1, percent: 6, turnover: '120', referrals_count: 3, new_referrals_count: 2 },
  ref_code: 'ALICE42',
  community_participation: true,
  balance_token: '10',
  task_balance: '0',
  referral_balance: '12.5',
  hold_bonus: 0,
  investment_bonus: 0,
  collective_bonus: 0,
  wallet: null,
  notifications_enabled: true,
  ...overrides,
});

const referral = (id: number, overrides: Partial<Referral> = {}): Referral => ({
  id,
  first_name: `Friend ${id}`,
  username: `friend${id}`,
  photo_url: null,
  joined_at: 1_790_000_000 - id,
  turnover: '10',
  earned: '0.6',
  is_new: false,
  ...overrides,
});

const tier = (overrides: Partial<ReferralTier> = {}): ReferralTier => ({
  level: 1,
  percent: 6,
  turnover: '120',
  next_level_turnover: '500',
  next_percent: 7,
  ...overrides,
});

const page = (
  data: Referral[],
  pageNumber: number,
  total: number,
  overrides: Partial<ReferralList> = {},
): ReferralList => ({
  data,
  total,
  page: pageNumber,
  limit: referralsModel.REFERRALS_PAGE_SIZE,
  tier: tier(),
  new_referrals_count: 0,
  total_earned: '1.8',
  ...overrides,
});

const signedIn = (me: UserMe = user()) => [
  [$user, me] as const,
  ...signedInMember.filter(([store]) => store !== $user),
];

describe('the referral link', () => {
  it('is the Mini App link with the ref_code as start parameter', () => {
    expect(referralLink('ALICE42')).toBe('https://t.me/ton_token_sandbox_bot/app?startapp=ALICE42');
  });

  it("is the user's, once the user is known", async () => {
    const { scope } = createTestScope({ values: signedIn() });
    expect(scope.getState($referralLink)).toBe('https://t.me/ton_token_sandbox_bot/app?startapp=ALICE42');
    expect(createTestScope().scope.getState($referralLink)).toBeNull();
  });
});

describe('the navbar badge', () => {
  it('counts the new referrals from the user data, and clears once they are seen', async () => {
    const { scope } = createTestScope({ values: signedIn() });
    expect(scope.getState($newReferralsCount)).toBe(2);
    await allSettled(newReferralsSeen, { scope });
    expect(scope.getState($newReferralsCount)).toBe(0);
    // The rest of the user stays as it was.
    expect(scope.getState($user)?.ref.referrals_count).toBe(3);
  });
});

describe('the referral list', () => {
  const { $referrals, $tier, $total, $totalEarned, $hasMore, $loaded, $loadFailed, referralsRequested, moreRequested } =
    referralsModel;

  it('reads page 1 with the tier, and the navbar badge falls to 0', async () => {
    const read = vi.fn(async () =>
      page([referral(3, { is_new: true }), referral(2, { is_new: true })], 1, 2, { new_referrals_count: 2 }),
    );
    const { scope } = createTestScope({ values: signedIn(), handlers: [[referralsModel.readReferralsFx, read]] });

    await allSettled(referralsRequested, { scope });

    expect(read).toHaveBeenCalledWith({ query: { page: 1, limit: referralsModel.REFERRALS_PAGE_SIZE } });
    expect(scope.getState($referrals).map((item) => item.id)).toEqual([3, 2]);
    expect(scope.getState($tier)).toEqual(tier());
    expect(scope.getState($total)).toBe(2);
    expect(scope.getState($totalEarned)).toBe('1.8');
    expect(scope.getState($loaded)).toBe(true);
    expect(scope.getState($hasMore)).toBe(false);
    expect(scope.getState($newReferralsCount)).toBe(0);
  });

  it('"Show more" appends the next page, never repeats a referral, and stops at the end', async () => {
    const first = Array.from({ length: 20 }, (_, index) => referral(45 - index));
    // A referral joined between the two reads: page 2 starts with the last one of page 1.
    const second = [referral(26), ...Array.from({ length: 19 }, (_, index) => referral(25 - index))];
    const third = [referral(6), referral(5)];
    const read = vi.fn(async ({ query: { page: n } = {} }: { query?: { page?: number } } = {}) =>
      n === 1 ? page(first, 1, 42) : n === 2 ? page(second, 2, 42) : page(third, 3, 42, { total_earned: '25.2' }),
    );
    const { scope } = createTestScope({ values: signedIn(), handlers: [[referralsModel.readReferralsFx, read]] });

    await allSettled(referralsRequested, { scope });
    expect(scope.getState($hasMore)).toBe(true);
    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 2, limit: 20 } });
    expect(scope.getState($referrals)).toHaveLength(39);
    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenLastCalledWith({ query: { page: 3, limit: 20 } });
    const ids = scope.getState($referrals).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(41);
    expect(scope.getState($totalEarned)).toBe('25.2');

    // Every page there is has been read (41 names: the newest joined after page 1 and shows on the
    // next reread): no page 4 to ask for.
    expect(scope.getState($hasMore)).toBe(false);
    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('asks for no more pages once the list holds the total', async () => {
    const read = vi.fn(async () => page([referral(1)], 1, 1));
    const { scope } = createTestScope({ values: signedIn(), handlers: [[referralsModel.readReferralsFx, read]] });
    await allSettled(referralsRequested, { scope });
    await allSettled(moreRequested, { scope });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a failed first read offers Try again and leaves the badge; Try again reads page 1 again', async () => {
    const read = vi.fn(async () => null as ReferralList | null);
    const { scope } = createTestScope({ values: signedIn(), handlers: [[referralsModel.readReferralsFx, read]] });

    await allSettled(referralsRequested, { scope });
    expect(scope.getState($loadFailed)).toBe(true);
    expect(scope.getState($loaded)).toBe(false);
    expect(scope.getState($newReferralsCount)).toBe(2);

    read.mockImplementation(async () => page([referral(1)], 1, 1));
    await allSettled(referralsRequested, { scope });
    expect(scope.getState($loadFailed)).toBe(false);
    expect(scope.getState($referrals)).toHaveLength(1);
    expect(scope.getState($newReferralsCount)).toBe(0);
  });

  it('a failed reread keeps the list on screen', async () => {
    const read = vi.fn(async () => page([referral(1)], 1, 1));
    const { scope } = createTestScope({ values: signedIn(), handlers: [[referralsModel.readReferralsFx, read]] });
    await allSettled(referralsRequested, { scope });
    read.mockImplementation(async () => {
      throw new Error('Error: Network Error! Code: ERR_NETWORK');
    });
    await allSettled(referralsRequested, { scope });
    expect(scope.getState($referrals)).toHaveLength(1);
    expect(scope.getState($loaded)).toBe(true);
  });
});

describe('the tier card', () => {
  it('shows every wire level 1-based, of 8', () => {
    for (let level = 0; level < 8; level += 1) {
      const next = level < 7 ? '50' : null;
      expect(tierProgress(tier({ level, turnover: '0', next_level_turnover: next })).level).toBe(level + 1);
    }
  });

  it('measures the way to the next tier at its boundaries', () => {
    expect(tierProgress(tier({ level: 0, turnover: '0', next_level_turnover: '50' }))).toEqual({
      level: 1,
      nextLevel: 2,
      percent: 0,
      remaining: '50',
    });
    // One nanoton short: not full, and the rest said exactly.
    expect(tierProgress(tier({ level: 0, turnover: '49.999999999', next_level_turnover: '50' }))).toEqual({
      level: 1,
      nextLevel: 2,
      percent: 99.99,
      remaining: '0.000000001',
    });
    expect(tierProgress(tier({ level: 1, turnover: '50', next_level_turnover: '500' }))).toMatchObject({
      level: 2,
      nextLevel: 3,
      percent: 10,
      remaining: '450',
    });
    expect(tierProgress(tier({ level: 6, turnover: '15000', next_level_turnover: '20000' }))).toMatchObject({
      level: 7,
      nextLevel: 8,
      percent: 75,
      remaining: '5000',
    });
  });

  it('says top level at level 8', () => {
    expect(tierProgress(tier({ level: 7, turnover: '25000', next_level_turnover: null, next_percent: null }))).toEqual({
      level: 8,
      nextLevel: null,
      percent: 100,
      remaining: null,
    });
  });
});

describe('the transfer modal', () => {
  const { $isOpen, $amountText, $problem, $canSubmit, transferOpened, amountChanged, maxClicked, transferSubmitted } =
    referralTransferModel;
  const balances = (overrides: Partial<Balances> = {}): Balances => ({
    balance_token: '11.5',
    task_balance: '0',
    referral_balance: '11',
    hold_bonus: 0,
    investment_bonus: 0,
    collective_bonus: 0,
    ...overrides,
  });

  async function typed(text: string, handler = vi.fn(async (): Promise<Balances | null> => balances())) {
    const setup = createTestScope({ values: signedIn(), handlers: [[referralTransferModel.transferFx, handler]] });
    await allSettled(transferOpened, { scope: setup.scope });
    await allSettled(amountChanged, { scope: setup.scope, params: text });
    return { ...setup, handler };
  }

  it.each([
    ['abc', { kind: 'not_a_number' }],
    ['1.2.3', { kind: 'not_a_number' }],
    ['0', { kind: 'not_positive' }],
    ['0,000', { kind: 'not_positive' }],
    ['-1', { kind: 'not_positive' }],
    ['1.0000000001', { kind: 'too_many_decimals' }],
    ['12.500000001', { kind: 'above_balance', balance: '12.5' }],
    ['13', { kind: 'above_balance', balance: '12.5' }],
  ])('refuses %s before sending anything', async (text, problem) => {
    const { scope, handler } = await typed(text);
    expect(scope.getState($problem)).toEqual(problem);
    expect(scope.getState($canSubmit)).toBe(false);
    await allSettled(transferSubmitted, { scope });
    expect(handler).not.toHaveBeenCalled();
    expect(scope.getState($isOpen)).toBe(true);
  });

  it('says nothing about an empty field, and sends nothing', async () => {
    const { scope, handler } = await typed('   ');
    expect(scope.getState($problem)).toBeNull();
    await allSettled(transferSubmitted, { scope });
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads 1,5 like 1.5 and moves it; the balances, the modal and a toast follow', async () => {
    const { scope, handler, toasts } = await typed('1,5');
    expect(scope.getState($problem)).toBeNull();
    await allSettled(transferSubmitted, { scope });
    expect(handler).toHaveBeenCalledWith({ body: { token_amount: '1.5' } });
    expect(scope.getState($user)).toMatchObject({ referral_balance: '11', balance_token: '11.5' });
    expect(scope.getState($isOpen)).toBe(false);
    expect(toasts).toContainEqual(expect.objectContaining({ text: 'Moved to your balance', kind: 'success' }));
  });

  it('Max fills in the whole referral balance, which may be moved', async () => {
    const { scope, handler } = await typed('');
    await allSettled(maxClicked, { scope });
    expect(scope.getState($amountText)).toBe('12.5');
    expect(scope.getState($problem)).toBeNull();
    await allSettled(transferSubmitted, { scope });
    expect(handler).toHaveBeenCalledWith({ body: { token_amount: '12.5' } });
  });

  it('a 5xx (null answer) keeps the modal open with the amount', async () => {
    const { scope } = await typed(
      '2',
      vi.fn(async () => null),
    );
    await allSettled(transferSubmitted, { scope });
    expect(scope.getState($isOpen)).toBe(true);
    expect(scope.getState($amountText)).toBe('2');
    expect(scope.getState($user)?.referral_balance).toBe('12.5');
  });

  it('the rule itself: at most the balance, exactly', () => {
    expect(transferProblem('12.5', '12.5')).toBeNull();
    expect(transferProblem('0.000000001', '0.000000001')).toBeNull();
    expect(transferProblem('0.000000001', '0')).toEqual({ kind: 'above_balance', balance: '0' });
  });
});
