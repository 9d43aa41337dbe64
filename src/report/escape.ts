// Text that came from a file or a path, made safe to print: no control character reaches the
// terminal raw. ESC and C1 sequences clear the screen, set the window title or make links; BEL
// rings; bidi controls reorder the rest of the line; a newline or CR breaks the line-per-finding
// layout. JSON, NDJSON and CSV stay exact: this is for text output only.
//
// The rule (README, "Output"): `\n`, `\r` and `\t` are written so; any other C0 character
// (U+0000-U+001F), DEL, C1 (U+0080-U+009F) and the soft hyphen (U+00AD) as `\xNN`; the line and
// paragraph separators (U+2028, U+2029), the bidi controls and marks (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069) and the characters that print as nothing or as a blank a name
// could hide behind (U+034F, U+115F, U+1160, U+180E, U+200B-U+200D, U+2060-U+2064, U+2800,
// U+3164, U+FE00-U+FE0F, U+FEFF, U+FFA0) as `\uNNNN`, hex in lower case; the tags and variation
// selectors past U+FFFF (U+E0000-U+E007F, U+E0100-U+E01EF) as `\u{NNNNN}`. So are the Cyrillic
// and Greek letters of a word that mixes them with Latin ones (`Ll\u0430bba`): a look-alike must
// not pass for the name it imitates; a word in one script prints as it is.
// Everything else is printed as it is, a backslash included: `C:\archive\a.mat`
// stays readable, and a file name that is not UTF-8, which the walk already shows with its bad
// bytes as `\xNN` (src/batch/discover.ts), is printed as the walk shows it. The price: a name
// that holds the four characters `\x1b` prints as one that holds an ESC (JSON tells them apart).

/**
 * What a terminal acts on or shows as nothing, past the C0 controls: DEL and C1, the separators,
 * the bidi controls and marks, the invisible characters (a regexp class's body, for the `u` flag;
 * the CSV and JSON written to a terminal escape the same, csv-terminal.ts and json-terminal.ts).
 */
export const ACTED_ON =
  '\\x7f-\\x9f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}';
// eslint-disable-next-line no-misleading-character-class -- lone combining marks (the variation selectors, the grapheme joiner) are what this module escapes
const SPECIAL = new RegExp(`[\\x00-\\x1f${ACTED_ON}]`, 'gu');
/** Past Latin Extended-B: a text without such a letter needs no look at its words. */
const BEYOND_LATIN = /[\u0250-\u{10ffff}]/u;
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const LOOKALIKES = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(c: string): string {
  const short = SHORT[c];
  if (short !== undefined) return short;
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `s` with every control character escaped, for text output (see the rule above). */
export function printable(s: string): string {
  const marked = BEYOND_LATIN.test(s)
    ? s.replace(WORD, (w) => (LATIN.test(w) && LOOKALIKE.test(w) ? w.replace(LOOKALIKES, escape) : w))
    : s;
  return marked.replace(SPECIAL, escape);
}

/** The same for a block of lines (a message written by a library): its line breaks kept. */
export function printableLines(s: string): string {
  return s.split('\n').map(printable).join('\n');
}
