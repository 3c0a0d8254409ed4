/**
 * scripts/tonconnect-ui-patches.ts on the installed @tonconnect/ui: every patch finds its code, the
 * result still parses, and a library whose code moved fails loudly instead of losing a fix.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TONCONNECT_UI_MODULE, patchTonConnectUi } from '../../scripts/tonconnect-ui-patches';

const require = createRequire(import.meta.url);
const libraryFile = require.resolve('@tonconnect/ui').replace(/index\.cjs$/, 'index.mjs');
const library = readFileSync(libraryFile, 'utf8');

describe('the @tonconnect/ui patches', () => {
  it('apply to the module Vite loads', () => {
    expect(TONCONNECT_UI_MODULE.test(libraryFile)).toBe(true);
    expect(TONCONNECT_UI_MODULE.test('/app/node_modules/@tonconnect/ui/lib/index.mjs?v=1a2b')).toBe(true);
    expect(TONCONNECT_UI_MODULE.test('/app/node_modules/@tonconnect/sdk/lib/esm/index.mjs')).toBe(false);
  });

  it('give "View all wallets" to the dictionary in both languages, so a Russian user reads it in Russian', () => {
    expect(library).toContain('labelLine1: "View all"');
    const patched = patchTonConnectUi(library);
    expect(patched).toContain('"viewAll": "Все", "viewAllWallets": "кошельки", "walletOn": "Wallet в"');
    expect(patched).toContain('"viewAll": "View all", "viewAllWallets": "wallets", "walletOn": "Wallet in"');
    expect(patched).toContain('return t2("walletItem.viewAll", {}, props.labelLine1);');
    expect(patched).toContain('return t2("walletItem.viewAllWallets", {}, props.labelLine2);');
  });

  it('spell the Russian wallets modal right: «выберите» (choose), not «выберете» (you will choose)', () => {
    expect(library).toContain('или\u00A0выберете другое приложение');
    const patched = patchTonConnectUi(library);
    expect(patched).toContain('"Подключите Wallet в\u00A0Telegram или\u00A0выберите другое приложение"');
    expect(patched).not.toContain('выберете');
  });

  it('open no link for a wallet injected into the page, on connect or while a transaction waits', () => {
    const patched = patchTonConnectUi(library);
    expect(patched).toMatch(
      /if \(isWalletInfoCurrentlyInjected\(props\.wallet\)\) \{\n\s+setLastSelectedWalletInfo\(props\.wallet\);\n\s+\} else \{\n\s+onRetry\(\);/,
    );
    expect(patched.match(/in tonConnectUI\.wallet && !tonConnectUI\.wallet\.injected && \(/g)).toHaveLength(2);
  });

  it('leave a module that still parses', async () => {
    const patched = patchTonConnectUi(library);
    const { parseAst } = await import('vite');
    expect(() => parseAst(patched)).not.toThrow();
  });

  it('refuse a library whose code moved, naming what is missing', () => {
    const moved = library.replace('const walletItem = { "walletOn": "Wallet в",', 'const walletItem = {');
    expect(() => patchTonConnectUi(moved)).toThrow(/Russian dictionary.*tonconnect-ui-patches\.ts/);
    const twice = `${library}\n  onCleanup(unsubscribe);\n  onRetry();\n`;
    expect(() => patchTonConnectUi(twice)).toThrow(/phone-width view/);
  });
});
