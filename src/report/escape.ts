// Text that came from a file or a path, made safe to print: no control character reaches the
// terminal raw. ESC and C1 sequences clear the screen, set the window title or make links; BEL
// rings; bidi controls reorder the rest of the line; a newline or CR breaks the line-per-finding
// layout. JSON, NDJSON and CSV stay exact: this is for text output only.
//
// The rule (README, "Output"): `\n`, `\r` and `\t` are written so; any other C0 character
// (U+0000-U+001F), DEL and C1 (U+0080-U+009F) as `\xNN`; the line and paragraph separators
// (U+2028, U+2029) and the bidi controls (U+202A-U+202E, U+2066-U+2069) as `\uNNNN`, hex in
// lower case. Everything else is printed as it is, a backslash included: `C:\archive\a.mat`
// stays readable, and a file name that is not UTF-8, which the walk already shows with its bad
// bytes as `\xNN` (src/batch/discover.ts), is printed as the walk shows it. The price: a name
// that holds the four characters `\x1b` prints as one that holds an ESC (JSON tells them apart).

// eslint-disable-next-line no-control-regex -- control characters are what this module escapes
const SPECIAL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(c: string): string {
  const short = SHORT[c];
  if (short !== undefined) return short;
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/** `s` with every control character escaped, for text output (see the rule above). */
export function printable(s: string): string {
  return s.replace(SPECIAL, escape);
}

/** The same for a block of lines (a message written by a library): its line breaks kept. */
export function printableLines(s: string): string {
  return s.split('\n').map(printable).join('\n');
}
