/**
 * The story image of a user's invite (docs/decisions.md "Telegram's platform"): what WebApp.shareToStory
 * posts, fetched by Telegram from GET /api/story/<ref code>.png?lang=. It shows the program's headline and
 * the user's referral level, in their language — never a balance or a name (anyone with the code can
 * fetch it). 1080 × 1920, a story's frame.
 *
 * Drawn as SVG and rasterized to PNG by resvg (Telegram takes a story's media as JPEG, PNG or MP4 only),
 * with the DejaVu fonts of the `dejavu-fonts-ttf` package and no system font, so the picture is the same
 * on every host and Cyrillic always has its glyphs. The image depends only on the language and the level:
 * each is drawn once per process and kept (docs/security.md "Story images").
 */
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { REFERRAL_TIERS } from '../constants';
import { type Language, languageOf } from '../lib/language';

const TEXTS = {
  en: {
    headline: 'Mint tokens for TON, stake them, earn every day',
    level: 'Referral level {level} of {total}',
    cta: 'Join with my invite link',
  },
  ru: {
    headline: 'Получай токены за TON, стейкай их, зарабатывай каждый день',
    level: 'Реферальный уровень {level} из {total}',
    cta: 'Присоединяйся по моей ссылке',
  },
} as const;

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Words of a line, wrapped at about `width` characters (SVG text does not wrap by itself). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The story's words in a language (the caption the client posts with it is the client's). */
export function storyTexts(languageCode: string | null, level: number, total: number) {
  const texts = TEXTS[languageOf(languageCode)];
  return {
    headline: texts.headline,
    level: texts.level.replace('{level}', String(level)).replace('{total}', String(total)),
    cta: texts.cta,
  };
}

/** The one family the image names, and the files that hold it (regular and bold), from node_modules. */
const FONT_FAMILY = 'DejaVu Sans';
// Resolved from this module as it runs (server/ or dist-server/): the package's files in node_modules.
const packages = createRequire(import.meta.url);
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
  packages.resolve(`dejavu-fonts-ttf/ttf/${file}`),
);

/** The image as SVG: `level` is 1-based, as the app shows it. */
export function storySvg(languageCode: string | null, level: number, total: number): string {
  const texts = storyTexts(languageCode, level, total);
  const headline = wrap(texts.headline, 22)
    .map((line, index) => `<tspan x="540" dy="${index === 0 ? 0 : 80}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920" viewBox="0 0 1080 1920">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f2a4a"/>
      <stop offset="1" stop-color="#0098ea"/>
    </linearGradient>
  </defs>
  <rect width="1080" height="1920" fill="url(#bg)"/>
  <circle cx="540" cy="520" r="170" fill="#ffffff" fill-opacity="0.12"/>
  <path d="M540 400 L650 600 L430 600 Z" fill="none" stroke="#ffffff" stroke-width="22" stroke-linejoin="round"/>
  <text x="540" y="820" fill="#ffffff" font-family="${FONT_FAMILY}" font-size="96" font-weight="700" text-anchor="middle">TON Token</text>
  <text x="540" y="1000" fill="#ffffff" font-family="${FONT_FAMILY}" font-size="60" font-weight="700" text-anchor="middle">${headline}</text>
  <rect x="100" y="1380" width="880" height="120" rx="60" fill="#ffffff" fill-opacity="0.18"/>
  <text x="540" y="1457" fill="#ffffff" font-family="${FONT_FAMILY}" font-size="48" text-anchor="middle">${escapeXml(texts.level)}</text>
  <text x="540" y="1640" fill="#ffffff" fill-opacity="0.85" font-family="${FONT_FAMILY}" font-size="48" text-anchor="middle">${escapeXml(texts.cta)}</text>
</svg>
`;
}

/**
 * Rendered images kept by language and level: every key the app can ask for fits (2 languages × the
 * tiers), so each is drawn once (~0.1 s of CPU) however many codes or requests come. A map in insertion
 * order, the least recently used first, evicted past the bound should the key space ever grow.
 */
const PNG_CACHE_SIZE = 2 * REFERRAL_TIERS.length;
const pngCache = new Map<string, Buffer>();

/** The image as PNG, 1080 × 1920, from the cache or drawn now. */
export function storyPng(languageCode: string | null, level: number, total: number): Buffer {
  const language: Language = languageOf(languageCode);
  const key = `${language}:${level}:${total}`;
  const cached = pngCache.get(key);
  if (cached) {
    pngCache.delete(key);
    pngCache.set(key, cached);
    return cached;
  }
  const png = new Resvg(storySvg(language, level, total), {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
  })
    .render()
    .asPng();
  pngCache.set(key, png);
  if (pngCache.size > PNG_CACHE_SIZE) pngCache.delete(pngCache.keys().next().value!);
  return png;
}

/** How many rendered images are kept (for the test of the bound). */
export const storyPngCacheSize = (): number => pngCache.size;
