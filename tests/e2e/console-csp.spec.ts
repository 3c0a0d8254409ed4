import { type Frame, type Page, expect, test } from '@playwright/test';
import { consoleEn } from '../../console/shared/i18n/en';
import { openConsoleFromBot } from './sandbox';

/*
 * The operator console's page talks to its own server only (docs/security.md "Headers and CSP"): opened
 * from the bot's /admin it works — its socket (same-origin ws:, allowed by connect-src 'self') is live,
 * its screens load — while its CSP has no https: or wss: hosts and a fetch to another origin is blocked.
 * Its launch data signs in once (docs/security.md "Operators"): a reload keeps the session without a
 * new sign-in, and the same launch data opened in a fresh tab is told to open the console again.
 */

interface Violation {
  directive: string;
  blocked: string;
}

/** The console's document inside the host emulator. */
const consoleFrame = (page: Page): Frame => {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname.startsWith('/operator'));
  if (!frame) throw new Error('no console frame');
  return frame;
};

const violations = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as { violations?: Violation[] }).violations ?? []);

test('the console works on its own origin only; its launch data signs in once', async ({ page, browser }) => {
  // Every document records the CSP violations it sees, from its first script on.
  await page.addInitScript(() => {
    const record = window as unknown as { violations: Violation[] };
    record.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      record.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/admin/session') {
      signIns.push(request.url());
    }
  });

  const console = await openConsoleFromBot(page);
  // The operator socket is connected (same-origin ws: under connect-src 'self'), a screen loads its data.
  await expect(console.getByText(consoleEn['common.live'])).toBeVisible();
  await console.getByRole('navigation').getByRole('link', { name: consoleEn['nav.audit'] }).click();
  await expect(console.getByRole('heading', { level: 1, name: consoleEn['audit.title'] })).toBeVisible();
  await expect(console.locator('[aria-busy="true"]')).toHaveCount(0);
  const frame = consoleFrame(page);
  expect(await violations(frame)).toEqual([]);

  // The page's CSP: connections to its own origin only, images its own, blob: and data:.
  const csp = (await page.request.get('/operator/')).headers()['content-security-policy'] ?? '';
  const connectSrc = /(?:^|;)\s*connect-src ([^;]*)/.exec(csp)?.[1];
  expect(connectSrc).toBe("'self'");
  expect(/(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' blob: data:");

  // Another origin (localhost is not 127.0.0.1) is refused by the CSP before any request leaves; its own is not.
  const origin = new URL(frame.url()).origin;
  const elsewhere = origin.replace('127.0.0.1', 'localhost');
  const outcome = await frame.evaluate(
    async ({ own, other }) => {
      const attempt = (url: string) =>
        fetch(url).then(
          (response) => `${response.status}`,
          (error: unknown) => String(error),
        );
      return { own: await attempt(own), other: await attempt(other) };
    },
    { own: `${origin}/api/maintenance/`, other: `${elsewhere}/api/maintenance/` },
  );
  expect(outcome.own).toBe('200');
  expect(outcome.other).toMatch(/TypeError/);
  await expect.poll(() => violations(frame)).toHaveLength(1);
  const [blocked] = await violations(frame);
  expect(blocked!.directive).toBe('connect-src');
  expect(blocked!.blocked.startsWith(elsewhere)).toBe(true);

  // A reload keeps the session: the kept token, not a second sign-in with the same launch data.
  expect(signIns).toHaveLength(1);
  const launchUrl = (await page.locator('#app-frame').getAttribute('src'))!;
  await frame.evaluate(() => setTimeout(() => window.location.reload(), 0));
  await frame.waitForLoadState();
  await expect(console.getByText(consoleEn['common.live'])).toBeVisible();
  await expect(console.getByRole('heading', { level: 1 })).toBeVisible();
  expect(signIns).toHaveLength(1);

  // The same launch data in a fresh tab (a copy of the link): refused, and told what to do.
  const copy = await browser.newPage();
  try {
    await copy.goto(launchUrl);
    await expect(copy.getByRole('heading', { name: consoleEn['session.reopenTitle'] })).toBeVisible();
    await expect(copy.getByText(consoleEn['session.reopenText'])).toBeVisible();
  } finally {
    await copy.close();
  }
});
