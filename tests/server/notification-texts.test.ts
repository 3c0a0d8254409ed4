/**
 * What someone chose (a friend's first name, a task's title, a reviewer's reason) stays text in the bot's
 * messages (server/lib/telegram-html.ts, docs/security.md "Bot messages"): escaped and inside <code>, where
 * Telegram links no URL or @mention, and names cut to 32 characters as a person counts them.
 */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../server/notifications/texts';
import type { NotificationKind } from '../../server/notifications/queries';

const SETTINGS = { publicUrl: 'https://app.example', tonNetwork: 'mainnet', sandbox: false } as const;

const textOf = (kind: NotificationKind, params: object, languageCode = 'en') =>
  renderMessage({ kind, params, telegramId: '1', languageCode }, SETTINGS).text as string;

const joined = (name: string, languageCode = 'en') => textOf('referral_joined', { name }, languageCode);

describe('names in bot messages', () => {
  it.each(['t.me/evil', '@scam_bot', 'evil.com', 'https://evil.com/x?y=1', '/start', '#free $TON'])(
    '%s is shown inside <code>, where Telegram links nothing',
    (name) => {
      expect(joined(name)).toBe(`<code>${name}</code> joined with your invite link.`);
      expect(joined(name, 'ru')).toBe(`<code>${name}</code> присоединился по вашей ссылке.`);
      expect(textOf('referral_reward', { name, token_amount: '1' })).toMatch(
        new RegExp(`^<code>${name.replace(/[$.?/]/g, '\\$&')}</code> paid a mint: `),
      );
    },
  );

  it('is escaped once, inside the code (no tag of its own reaches Telegram)', () => {
    expect(joined('<a href="x.co">Bob</a> & co')).toBe(
      '<code>&lt;a href=&quot;x.co&quot;&gt;Bob&lt;/a&gt; &amp; co</code> joined with your invite link.',
    );
    expect(joined('</code>evil.com<code>')).toBe(
      '<code>&lt;/code&gt;evil.com&lt;code&gt;</code> joined with your invite link.',
    );
  });

  it('a long name is cut to 32 characters, the last one "…"', () => {
    const name = 'x'.repeat(200);
    expect(joined(name)).toBe(`<code>${'x'.repeat(31)}…</code> joined with your invite link.`);
    expect(textOf('referral_reward', { name, token_amount: '1' })).toContain(`<code>${'x'.repeat(31)}…</code>`);
    // 32 exactly is not cut; spaces before the cut are not kept before "…".
    expect(joined('y'.repeat(32))).toBe(`<code>${'y'.repeat(32)}</code> joined with your invite link.`);
    expect(joined(`${'z'.repeat(30)} and more`)).toBe(`<code>${'z'.repeat(30)}…</code> joined with your invite link.`);
  });

  it('an emoji-heavy name is cut between characters, never inside one (surrogates, flags, skin tones, ZWJ)', () => {
    const family = '👨‍👩‍👧‍👦'; // 7 code points, 11 UTF-16 units
    const flag = '🇺🇦'; // two regional indicators
    const thumb = '👍🏽'; // with a skin tone
    const cases: Array<[name: string, shown: string]> = [
      [family.repeat(40), `${family.repeat(31)}…`],
      [`${'a'.repeat(30)}${flag.repeat(3)}`, `${'a'.repeat(30)}${flag}…`],
      [`${'a'.repeat(30)}${thumb.repeat(3)}`, `${'a'.repeat(30)}${thumb}…`],
      [`${'😀'.repeat(31)}${family}${family}`, `${'😀'.repeat(31)}…`],
      // 32 characters of emoji, far over 32 UTF-16 units: not cut.
      [`${family.repeat(16)}${flag.repeat(16)}`, `${family.repeat(16)}${flag.repeat(16)}`],
    ];
    for (const [name, shown] of cases) {
      const text = joined(name);
      expect(text).toBe(`<code>${shown}</code> joined with your invite link.`);
      // No lone surrogate: one would not survive UTF-8 (as the Bot API call sends it).
      expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
    }
  });
});

describe("operators' text in bot messages", () => {
  const task = { title_en: 'Visit evil.com', title_ru: 'Зайди на @scam_bot' };

  it("a rejected proof's reason and the task's title are inside <code>, escaped, not cut", () => {
    const reason = `See t.me/evil or write to @scam_bot <now> ${'long '.repeat(20)}`;
    expect(textOf('task_rejected', { ...task, reason })).toBe(
      `Task “<code>Visit evil.com</code>” was not approved: <code>${reason.replace('<now>', '&lt;now&gt;')}</code>`,
    );
    expect(textOf('task_rejected', { ...task, reason: 'evil.com' }, 'ru')).toBe(
      'Задание «<code>Зайди на @scam_bot</code>» не принято: <code>evil.com</code>',
    );
  });

  it("an approved task's title too", () => {
    expect(textOf('task_approved', { ...task, reward: '1' })).toMatch(/^Task “<code>Visit evil\.com<\/code>” approved/);
    expect(textOf('task_approved', { ...task, reward: '1' }, 'ru')).toMatch(
      /^Задание «<code>Зайди на @scam_bot<\/code>» принято/,
    );
  });
});
