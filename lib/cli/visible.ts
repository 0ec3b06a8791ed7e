/**
 * Text from settings files shown to a person — hook names, commands, matchers, URLs, paths, problem messages —
 * with every character that could change what the terminal shows made visible: C0 and C1 controls, DEL (an
 * `ESC [2K` erases the line, `\r` returns over it, BEL rings), and the invisible or reordering format
 * characters (bidi embeddings, overrides and isolates, zero-width characters, the BOM, line and paragraph
 * separators). `curl … | sh` hidden behind `\r` or U+202E in the very view a user approves from is the attack;
 * each such character is shown as an escape (`\x1b`, `\r`, `\u202e`) instead. Our own colours are added after.
 */

// C0 (tab and newline included: a view is one line per field), DEL, C1, and the format characters that
// render as nothing or reorder what follows: U+061C, U+180E, U+200B–U+200F, U+2028–U+202E, U+2060–U+2069,
// U+FEFF, plus lone surrogates (no terminal shows them).
const HIDDEN_SOURCE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
    .source;
// Two regexes: a global one keeps `lastIndex` between `test` calls.
const HAS_HIDDEN = new RegExp(HIDDEN_SOURCE);
const HIDDEN = new RegExp(HIDDEN_SOURCE, 'g');

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const escapeOne = (char: string): string => {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** `text` with every control, bidi or invisible character shown as an escape; other text unchanged. */
export const visible = (text: string): string => (HAS_HIDDEN.test(text) ? text.replace(HIDDEN, escapeOne) : text);

// JSON.stringify escapes C0 but leaves DEL, C1 and the format characters raw: `\u` escapes keep the value.
const JSON_HIDDEN = /[\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * `JSON.stringify(value, null, 2)` with no raw control, bidi or invisible character left in the text: the
 * same JSON value for a program, nothing hidden for a person reading it in a terminal.
 */
export const visibleJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    JSON_HIDDEN,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
