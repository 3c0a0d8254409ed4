/**
 * The story image of a user's invite (docs/decisions.md "Telegram's platform"): what WebApp.shareToStory
 * posts, fetched by Telegram from GET /api/story/<ref code>.svg?lang=. It shows the program's headline and
 * the user's referral level, in their language — never a balance or a name (anyone with the code can
 * fetch it). 1080 × 1920, a story's frame.
 *
 * UNFINISHED for production: Telegram takes a story's media as JPEG, PNG or MP4 only, and no rasterizer is
 * installed (@resvg/resvg-js would turn this SVG into a PNG): the sandbox's host shows the SVG, a real
 * client would refuse it.
 */
import { languageOf } from '../lib/language';

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

/** The image: `level` is 1-based, as the app shows it. */
export function storySvg(languageCode: string | null, level: number, total: number): string {
  const texts = storyTexts(languageCode, level, total);
  const headline = wrap(texts.headline, 22)
    .map((line, index) => `<tspan x="540" dy="${index === 0 ? 0 : 96}">${escapeXml(line)}</tspan>`)
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
  <text x="540" y="820" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="700" text-anchor="middle">TON Token</text>
  <text x="540" y="1000" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="600" text-anchor="middle">${headline}</text>
  <rect x="190" y="1380" width="700" height="120" rx="60" fill="#ffffff" fill-opacity="0.18"/>
  <text x="540" y="1460" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="56" text-anchor="middle">${escapeXml(texts.level)}</text>
  <text x="540" y="1640" fill="#ffffff" fill-opacity="0.85" font-family="Helvetica, Arial, sans-serif" font-size="52" text-anchor="middle">${escapeXml(texts.cta)}</text>
</svg>
`;
}
