/**
 * The catalogues (src/shared/i18n/en.ts, ru.ts) against each other and against the code. The types
 * already refuse a missing or extra key in ru.ts and an unknown key in `t('…')`; this adds what types
 * cannot see: empty texts, placeholders and plural forms that differ between the languages, Latin
 * words left in Russian, keys no code uses any more, and English written straight into a screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { errorTextKey } from '@/app/model/errors';
import { ERROR_CODES } from '@contract/errors';
import { en, loadCatalogue, type MessageKey } from '@/shared/i18n';

// Russian is loaded the way the app loads it for a Russian user.
const ru = await loadCatalogue('ru');
const catalogues = { en, ru };
const src = resolve(__dirname, '../../src');
const CATALOGUE_FILES = new Set(['shared/i18n/en.ts', 'shared/i18n/ru.ts']);
/** Words that are the same in every language: the tickers, a network error code, file formats, a URL scheme. */
const UNTRANSLATED = /\b(TON|TKN|ERR_NETWORK|JPEG|PNG|WebP)\b|https:\/\//g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(src)
  .filter((file) => !CATALOGUE_FILES.has(relative(src, file)))
  .map((file) => {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    return { file: relative(src, file), source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind) };
  });

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Every string literal in the code (keys are always written out whole: `t('mint.create')`). */
const literals = new Set<string>();
for (const { source } of files) {
  walk(source, (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
  });
}

const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('the catalogues', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(ru).sort()).toEqual([...keys].sort());
  });

  it('have no empty text', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const empty = Object.entries(catalogue)
        .filter(([, text]) => text.split('|').some((form) => form.trim() === ''))
        .map(([key]) => `${locale}:${key}`);
      expect(empty).toEqual([]);
    }
  });

  it('use the same placeholders in both languages, and plural forms only with {count}', () => {
    for (const key of keys) {
      expect(placeholders(ru[key]), key).toEqual(placeholders(en[key]));
      const enForms = en[key].split('|').length;
      const ruForms = ru[key].split('|').length;
      // English one|other, Russian one|few|many; a text without forms has one in both.
      expect([enForms, ruForms], key).toEqual(enForms === 1 ? [1, 1] : [2, 3]);
      if (enForms > 1) expect(placeholders(en[key]), key).toContain('count');
    }
  });

  it('leave no Latin word in Russian (tickers apart)', () => {
    const latin = keys.filter((key) => /[A-Za-z]/.test(ru[key].replace(/\{\w+\}/g, '').replace(UNTRANSLATED, '')));
    expect(latin.map((key) => `${key}: ${ru[key]}`)).toEqual([]);
  });

  it('keep the product texts exactly as written, the toasts in sentence case with the public id', () => {
    expect([
      en['mint.created'],
      en['staking.created'],
      en['farming.activated'],
      en['transaction.processing'],
      en['maintenance.title'],
      en['maintenance.text'],
      en['community.title'],
      en['community.join'],
      en['community.done'],
      en['error.network'],
      en['error.timeout'],
      en['error.fileTooLarge'],
      en['wallet.notConnected'],
      en['wallet.notSent'],
      en['wallet.required'],
    ]).toEqual([
      'New mint #{code} created',
      'New stake #{code} created',
      'New mint #{code} created via a farming link',
      'Transaction is being processed',
      'We are under maintenance',
      'Come back later',
      'Join the community to use the product',
      'Join the community',
      'Done',
      'Error: no network connection! Code: ERR_NETWORK',
      'Error: the request timed out!',
      'Error: File size is too large! Upload a smaller file.',
      'Wallet was not connected',
      'Transaction was not sent',
      'Connect wallet to send a transaction.',
    ]);
  });
});

describe('the code and the catalogues', () => {
  it('every key is used somewhere in src/ (an unused one is deleted from both languages)', () => {
    // An error code's text is found by rule (app/model/errors.ts errorTextKey), not by a literal.
    const byCode = new Set(ERROR_CODES.map(errorTextKey));
    expect(keys.filter((key) => !literals.has(key) && !byCode.has(key))).toEqual([]);
  });

  it('no screen writes English text itself: JSX text and text attributes come from the catalogue', () => {
    const TEXT_ATTRIBUTES = new Set(['title', 'text', 'label', 'aria-label', 'placeholder', 'alt']);
    const found: string[] = [];
    for (const { file, source } of files.filter(({ file }) => file.endsWith('.tsx'))) {
      walk(source, (node) => {
        let text: string | null = null;
        if (ts.isJsxText(node)) text = node.text;
        if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText())) {
          const value = node.initializer;
          if (value && ts.isStringLiteral(value)) text = value.text;
        }
        const isKey = text !== null && (keys as string[]).includes(text);
        if (text !== null && !isKey && /[A-Za-z]/.test(text.replace(UNTRANSLATED, ''))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${file}:${line + 1} ${text.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
