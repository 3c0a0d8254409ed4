/** Telegram's share sheet as a t.me link (opened with openTelegramLinkFx): pick a chat, send the url and text. */
export const telegramShareLink = (url: string, text: string): string =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
