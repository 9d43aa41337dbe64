// The CSV as a terminal shows it. A CSV cell keeps the exact text of the file (a name, a header),
// control characters included: in a file or a pipe that is what a reader needs, but on a terminal
// ESC and OSC sequences set the title or clear the screen, and bidi controls reorder the line.
// There every control character in a cell is escaped as the text format escapes it (escape.ts),
// a line break inside a quoted cell included; the line breaks that end rows stay.
import { ACTED_ON, printable } from './escape.js';

const SPECIAL = new RegExp(`["\\x00-\\x1f${ACTED_ON}]`, 'gu');

/**
 * A function of the CSV's text, given in pieces cut anywhere, to that text with every control
 * character inside a cell escaped: it knows from the quotes it has seen whether a line break
 * ends a row (outside quotes) or is part of a cell (inside).
 */
export function csvForTerminal(): (text: string) => string {
  let quoted = false;
  return (text) =>
    text.replace(SPECIAL, (c) => {
      if (c === '"') {
        quoted = !quoted; // a quote written twice inside a cell toggles twice
        return c;
      }
      if (!quoted && (c === '\r' || c === '\n')) return c;
      return printable(c);
    });
}
