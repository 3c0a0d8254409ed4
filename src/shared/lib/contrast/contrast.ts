/**
 * WCAG 2 contrast, for the colours Telegram's theme hands us: some (the light theme's hint #999999,
 * link #2481cc as text) are below the 4.5 : 1 that small text needs. `readableOn` keeps the theme's
 * hue and moves the colour toward black or white just far enough.
 */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

/** '#abc' or '#aabbcc' → [r, g, b] (0–255); null for anything else (named colours, rgb(), …). */
export function parseHex(color: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The WCAG contrast ratio of two hex colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  if (!first || !second) throw new Error(`Not hex colours: ${a}, ${b}`);
  return ratio(first, second);
}

/**
 * `color`, or the nearest colour on its way to black or white (whichever the backgrounds are far
 * from) that reaches `min` against every background. Colours it cannot read come back unchanged.
 */
export function readableOn(color: string, backgrounds: readonly string[], min = MIN_TEXT_CONTRAST): string {
  const fg = parseHex(color);
  const bgs = backgrounds.map(parseHex).filter((bg): bg is Rgb => bg !== null);
  if (!fg || bgs.length === 0) return color;
  const passes = (candidate: Rgb) => bgs.every((bg) => ratio(candidate, bg) >= min);
  if (passes(fg)) return toHex(fg);
  const darkBackgrounds = bgs.reduce((sum, bg) => sum + luminance(bg), 0) / bgs.length < 0.18;
  const target: Rgb = darkBackgrounds ? [255, 255, 255] : [0, 0, 0];
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = fg.map((channel, i) => Math.round(channel + (target[i]! - channel) * t)) as unknown as Rgb;
    if (passes(mixed)) return toHex(mixed);
  }
  return toHex(target);
}

/** `overlay` laid over `base` at `alpha` (0–1), as a translucent fill looks on a solid background. */
export function blend(base: string, overlay: string, alpha: number): string {
  const under = parseHex(base);
  const over = parseHex(overlay);
  if (!under || !over) return base;
  return toHex(under.map((channel, i) => Math.round(channel + (over[i]! - channel) * alpha)) as unknown as Rgb);
}

/** global.css's --color-fill, the translucent fill under badges and secondary buttons, per scheme. */
const FILL_COLOR = '#787880';
const FILL_ALPHA = { light: 0.16, dark: 0.24 } as const;

type ThemeColors = Partial<
  Record<
    | 'bg_color'
    | 'secondary_bg_color'
    | 'section_bg_color'
    | 'hint_color'
    | 'link_color'
    | 'accent_text_color'
    | 'destructive_text_color'
    | 'button_color'
    | 'button_text_color',
    string
  >
>;

/**
 * The theme's text colours made readable (WCAG 4.5 : 1) on the theme's own backgrounds, and the
 * button colour under its own text: Telegram's light hint (#999999) and link (#2481cc) are not, as
 * small text. The design tokens read these `--tg-readable-*` variables first.
 */
export function readableThemeColors(params: ThemeColors, scheme: 'light' | 'dark'): Record<string, string> {
  const solid = [params.bg_color, params.secondary_bg_color, params.section_bg_color].filter(
    (color): color is string => typeof color === 'string',
  );
  // Text also sits on the translucent fill (badges, secondary buttons): --color-fill over each.
  const backgrounds = [...solid, ...solid.map((color) => blend(color, FILL_COLOR, FILL_ALPHA[scheme]))];
  const colors: Record<string, string> = {};
  const text = (name: string, color: string | undefined) => {
    if (color && backgrounds.length > 0) colors[name] = readableOn(color, backgrounds);
  };
  text('--tg-readable-hint', params.hint_color);
  text('--tg-readable-link', params.link_color);
  text('--tg-readable-accent', params.accent_text_color ?? params.link_color);
  text('--tg-readable-destructive', params.destructive_text_color);
  if (params.button_color && params.button_text_color) {
    colors['--tg-readable-button'] = readableOn(params.button_color, [params.button_text_color]);
  }
  return colors;
}
