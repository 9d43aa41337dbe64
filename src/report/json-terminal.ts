// JSON as a terminal shows it. JSON.stringify escapes the C0 control characters (ESC among them)
// but writes DEL, the C1 controls (U+009B is a CSI, as ESC [ is), the bidi controls, the line
// and paragraph separators and the characters that print as nothing as they are: on a terminal
// they move the cursor, reorder the line or hide a name's difference.
// They are the characters the text format escapes (escape.ts). Outside strings JSON is ASCII, so
// each is inside a string, where its `\u` escape means the same character: the JSON read from the
// terminal is the same JSON.

import { ACTED_ON } from './escape.js';

const RAW = new RegExp(`[${ACTED_ON}]`, 'gu');

/** A character as JSON escapes it: each UTF-16 unit `\uNNNN` (a character past U+FFFF is two). */
function escaped(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** `text`, JSON or NDJSON, with every character a terminal would act on or not show written as its `\u` escape. */
export function jsonForTerminal(text: string): string {
  return text.replace(RAW, escaped);
}
