/**
 * The sandbox's pages — the launcher, the Telegram host emulator and the phone wallet's page — each with a
 * CSP of its own instead of the app's (their routes' `ownCsp` flag, server/http/protection.ts), so no
 * other site can frame them (to click the launcher's buttons under a decoy) and nothing but their own
 * code runs in them (docs/security.md "The sandbox's pages and API").
 *
 * A page is read per request, so editing it needs no restart, and its inline scripts are allowed by the
 * hashes of what this very answer carries (server/http/protection.ts `inlineScriptsOf`, `scriptHash`):
 * an edited script is allowed at once, and a script injected into the page is not.
 *
 * Who frames whom: the host emulator (frame.html) frames the Mini App (`/`, whose own CSP lets this origin
 * frame it) and the phone wallet's page; nothing frames the launcher or the emulator (tests/e2e/
 * sandbox-origin.spec.ts frames them from another site and sees them blocked).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { inlineScriptsOf, scriptHash } from '../http/protection';
import { serverFile } from '../lib/files';

export type SandboxPage = 'launcher.html' | 'frame.html' | 'mobile-wallet.html';

interface PagePolicy {
  /** frame-ancestors: who may frame the page. */
  framedBy: "'none'" | "'self'";
  /** frame-src: what the page frames (and where a frame of it may go). */
  frames: readonly string[];
  /** connect-src beyond the page's own origin. */
  connectsTo(config: Pick<Config, 'publicUrl'>): string[];
}

const onlyItsOrigin = () => [];

const POLICIES: Readonly<Record<SandboxPage, PagePolicy>> = {
  'launcher.html': { framedBy: "'none'", frames: ["'none'"], connectsTo: onlyItsOrigin },
  // The Mini App and the phone wallet are its own origin's; the app may send its own frame to https
  // (an unknown platform goes to the bot's t.me page), which frame-src governs too.
  'frame.html': { framedBy: "'none'", frames: ["'self'", 'https:'], connectsTo: onlyItsOrigin },
  // A wallet reads the dApp's manifest wherever the dApp keeps it: PUBLIC_URL's here (which need not be
  // the page's origin: 127.0.0.1 opened as localhost), any https host in general.
  'mobile-wallet.html': {
    framedBy: "'self'",
    frames: ["'none'"],
    connectsTo: (config) => [new URL(config.publicUrl).origin, 'https:'],
  },
};

/** The page's Content-Security-Policy header for this text of it. */
export function sandboxPageCsp(page: SandboxPage, html: string, config: Pick<Config, 'publicUrl'>): string {
  const policy = POLICIES[page];
  const hashes = [...new Set(inlineScriptsOf(html).map(scriptHash))];
  const connect = [...new Set(["'self'", ...policy.connectsTo(config)])];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    // No inline event handler in any of them (their scripts add listeners).
    ['script-src-attr', ["'none'"]],
    // Each page has its <style>, and the dev wallet's sheet writes its own.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Their own images (the wallet's icon, a review's photo) and the empty favicon (data:,).
    ['img-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['frame-src', [...policy.frames]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [policy.framedBy]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Sends a sandbox page with its CSP, never cached (editing it needs no restart). */
export async function sendSandboxPage(reply: FastifyReply, page: SandboxPage, config: Pick<Config, 'publicUrl'>) {
  const html = await readFile(serverFile(`server/sandbox/${page}`), 'utf8');
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', sandboxPageCsp(page, html, config))
    .send(html);
}
