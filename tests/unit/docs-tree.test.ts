/**
 * The docs' lists of slices and domains come from the tree, so they cannot go stale: README.md's tree and
 * docs/architecture.md name exactly the feature slices under src/features/ (and README's count is theirs),
 * architecture.md's layer tables name exactly the slices of both FSD roots, the Mini App's (src/) and the
 * console's (console/), and README's tree names each root's layers; and exactly the folders under server/:
 * every one a domain of architecture.md's table and of .dependency-cruiser.cjs's DOMAINS, or the platform,
 * or the sandbox.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const foldersIn = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The server folders that are no domain: the platform (docs/architecture.md "Platform") and the sandbox. */
const NOT_DOMAINS = ['db', 'events', 'http', 'lib', 'sandbox'];

const README = read('README.md');
const ARCHITECTURE = read('docs/architecture.md');

/** README's layout block: the lines of `top/`'s subtree ("  name/   what it holds"), their first column. */
function readmeTree(top: string): string[] {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${top}/ `));
  expect(start, `README.md's tree has no ${top}/`).toBeGreaterThanOrEqual(0);
  const entries: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}(\S.*?)(?: {2,}|$)/.exec(line);
    if (!match) break;
    entries.push(match[1]!);
  }
  return entries;
}

/** The section of `text` after `heading`, up to the next heading. */
function sectionAfter(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `no "${heading}"`).toBeGreaterThanOrEqual(0);
  return text.slice(start + heading.length + 2).split(/\n#{1,6} /)[0]!;
}

/** The slices a layer table row names: its second cell's `code` words. */
function layerRow(section: string, layer: string): string[] {
  const row = section.split('\n').find((text) => text.trim().startsWith(`| \`${layer}\` |`));
  expect(row, `no ${layer} row`).toBeDefined();
  return sorted([...row!.split('|')[2]!.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!));
}

/** The FSD roots: the Mini App's and the console's, each with the architecture.md section holding its table. */
const ROOTS = [
  { root: 'src', heading: '## Client', sliced: ['pages', 'widgets', 'features', 'entities'] },
  { root: 'console', heading: '### The operator console', sliced: ['pages', 'widgets', 'entities'] },
] as const;

/** The `name` cells starting the rows of a markdown table after `heading`, up to the next heading. */
function tableNames(text: string, heading: string): string[] {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `no "${heading}"`).toBeGreaterThanOrEqual(0);
  const section = text.slice(start + heading.length + 2).split(/\n#{1,6} /)[0]!;
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((match) => match[1]!);
}

describe('the docs name what the tree has', () => {
  it("README.md's and architecture.md's feature slices are src/features/'s, with the count", () => {
    const slices = foldersIn('src/features');
    const readmeLine = README.split('\n').find((text) => /^ {2}features\/ /.test(text));
    expect(readmeLine, "README.md's tree has no features/").toBeDefined();
    expect(Number(/(\d+) user actions/.exec(readmeLine!)?.[1])).toBe(slices.length);

    const row = ARCHITECTURE.split('\n').find((text) => text.startsWith('| `features` |'));
    expect(row, "architecture.md's layer table has no features row").toBeDefined();
    const cells = row!.split('|')[2]!;
    expect(sorted([...cells.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!))).toEqual(slices);
  });

  for (const { root, heading, sliced } of ROOTS) {
    it(`architecture.md's layer table names ${root}/'s slices, and README.md's tree its layers`, () => {
      // The Mini App's table ends where the console's section starts.
      const section = sectionAfter(ARCHITECTURE, heading);
      for (const layer of sliced) {
        const slices = foldersIn(`${root}/${layer}`);
        expect(slices.length, `${root}/${layer}`).toBeGreaterThan(0);
        expect(layerRow(section, layer), `${root}/${layer}`).toEqual(slices);
      }
      const layers = readmeTree(root).map((entry) => entry.replace(/\/$/, ''));
      expect(sorted(layers)).toEqual(foldersIn(root));
    });
  }

  it("README.md's console pages are console/pages/'s, with the count", () => {
    const line =
      readmeTree('console').length && README.split('\n').find((text) => /^ {2}pages\/ +\d+ screens/.test(text));
    expect(line, "README.md's console tree has no pages/ with a count").toBeTruthy();
    const pages = foldersIn('console/pages');
    expect(Number(/(\d+) screens/.exec(line as string)?.[1])).toBe(pages.length);
    expect(
      sorted(
        (line as string)
          .split(':')[1]!
          .split(',')
          .map((name) => name.trim()),
      ),
    ).toEqual(pages);
  });

  it("README.md's server tree names every folder under server/, and no other", () => {
    const named = readmeTree('server')
      .flatMap((entry) => entry.split(' '))
      .filter((name) => name.endsWith('/'))
      .map((name) => name.slice(0, -1));
    expect(sorted(named)).toEqual(foldersIn('server'));
  });

  it("architecture.md's domain table and .dependency-cruiser.cjs's DOMAINS are server/'s folders but the platform and the sandbox", () => {
    const domains = foldersIn('server').filter((name) => !NOT_DOMAINS.includes(name));
    const table = tableNames(ARCHITECTURE, '### Domains');
    expect(table.length, 'a domain has two rows').toBe(new Set(table).size);
    expect(sorted(table)).toEqual(domains);

    const listed = /const DOMAINS = \[([^\]]*)\]/.exec(read('.dependency-cruiser.cjs'))?.[1] ?? '';
    expect(sorted([...listed.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]!))).toEqual(domains);
  });
});

/** Every text file git tracks, but the dependencies' lockfile. */
const trackedTexts = () =>
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|cjs|mjs|md|html|css|ya?ml|sh|json)$/.test(file) && file !== 'package-lock.json')
    .filter((file) => existsSync(join(ROOT, file)));

/** A heading's anchor as GitHub writes it. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s/g, '-');
const anchorsOf = (file: string) => {
  const text = read(file);
  return new Set([
    ...[...text.matchAll(/^#+ (.*)$/gm)].map((match) => slug(match[1]!)),
    ...[...text.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((match) => match[1]!),
  ]);
};

describe('the repository explains itself (docs/foundations.md §7c)', () => {
  it('cites no file outside the repository', () => {
    // Spelled in pieces so this file does not cite them itself.
    const outside = new RegExp(
      ['SPEC(\\.md)? §', 'DES' + 'IGN(\\.md)?( §|\\b)', '\\bSTYLE( \\d|\\.md)', '\\.\\./shared/[A-Z]'].join('|'),
    );
    const citing = trackedTexts().flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });

  it('"docs/<file>.md §N" names a numbered section of that file', () => {
    const sections = (file: string) =>
      new Set([...read(`docs/${file}`).matchAll(/^#+ (\d+[a-z]?)\. /gm)].map((match) => match[1]!));
    const points = new Set([...read('docs/style.md').matchAll(/^(\d+)\. /gm)].map((match) => match[1]!));
    const known: Record<string, Set<string>> = {
      'product.md': sections('product.md'),
      'foundations.md': sections('foundations.md'),
      'style.md': points,
    };
    const broken = trackedTexts().flatMap((file) =>
      [...read(file).matchAll(/\b(product|foundations|style)\.md(?:'s)? §(\d+[a-z]?)/g)]
        .filter(([, doc, section]) => !known[`${doc}.md`]!.has(section!))
        .map(([cited]) => `${file}: ${cited}`),
    );
    expect(known['product.md']!.size).toBe(9);
    expect(broken).toEqual([]);
  });

  it('every link to a heading of docs/*.md names a heading that exists', () => {
    const docs = readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md'));
    const sources = ['README.md', ...docs.map((file) => `docs/${file}`)];
    const missing = sources.flatMap((source) =>
      [...read(source).matchAll(/\]\(((?:docs\/)?[\w-]+\.md)?#([\w-]+)\)/g)]
        .map(([, target, anchor]) => ({
          file: target ? (target.startsWith('docs/') || source === 'README.md' ? target : `docs/${target}`) : source,
          anchor: anchor!,
        }))
        .filter(({ file, anchor }) => !existsSync(join(ROOT, file)) || !anchorsOf(file).has(anchor))
        .map(({ file, anchor }) => `${source} → ${file}#${anchor}`),
    );
    expect(missing).toEqual([]);
  });
});
