/**
 * Text someone chose (a friend's first name, a task's title, a reviewer's reason, a withdrawal's address)
 * inside the bot's `parse_mode: 'HTML'` messages, which the user trusts because the bot sent them.
 *
 * Escaping alone is not enough: Telegram turns URLs, @mentions, /commands, #hashtags and $cashtags it
 * finds in a message's plain text into links, so a first name "t.me/evil" or "@scam_bot" would be a link
 * in our message. Inside a `code` entity it finds none: tdlib's fix_formatted_text merges the entities it
 * finds with the explicit ones (merge_new_entities → merge_entities) and drops every found entity that
 * overlaps an explicit non-splittable one, and "Pre and Code can't contain nested entities"
 * (td/telegram/MessageEntity.cpp); the Bot API's formatting rules say the same (code contains no other
 * entity). Bold or italic would not do: those are splittable, and found links are kept inside them.
 * So every such text goes through `userText`: escaped, inside <code>…</code>. docs/security.md
 * "Bot messages" has the reasoning.
 */

/** A name is cut to this many characters (as a person counts them: grapheme clusters), the last one "…". */
export const NAME_MAX_CHARACTERS = 32;

/** The only characters Telegram's HTML parse mode needs escaped (&, <, >, and " inside attributes). */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` cut to at most `max` characters, ending in "…" when cut. Characters are grapheme clusters, so a
 * cut never splits a surrogate pair, a flag's two regional indicators, a skin tone from its emoji or a
 * ZWJ sequence (a family emoji) into parts.
 */
export function cutText(text: string, max: number): string {
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (parts.length === max)
      return `${parts
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
    parts.push(segment);
  }
  return text;
}

/**
 * Someone's text for an HTML bot message, shown as typed and never linked: escaped, inside <code>.
 * `maxCharacters` cuts it first (names: NAME_MAX_CHARACTERS).
 */
export function userText(text: string, maxCharacters?: number): string {
  const shown = maxCharacters === undefined ? text : cutText(text, maxCharacters);
  return `<code>${escapeHtml(shown)}</code>`;
}
