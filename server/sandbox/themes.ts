/** Telegram's theme parameters (light: Telegram iOS defaults; dark: Telegram Web dark). */
export type ThemeParams = Record<
  | 'bg_color'
  | 'text_color'
  | 'hint_color'
  | 'link_color'
  | 'button_color'
  | 'button_text_color'
  | 'secondary_bg_color'
  | 'header_bg_color'
  | 'accent_text_color'
  | 'section_bg_color'
  | 'section_header_text_color'
  | 'subtitle_text_color'
  | 'destructive_text_color',
  string
>;

export const THEMES: Record<'light' | 'dark', ThemeParams> = {
  light: {
    bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#2481cc',
    button_text_color: '#ffffff',
    secondary_bg_color: '#efeff3',
    header_bg_color: '#f8f8f8',
    accent_text_color: '#2481cc',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    subtitle_text_color: '#999999',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#0f0f0f',
    header_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
};
