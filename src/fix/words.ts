// A finding's fix in words, as `bgaudit fix` lists what it wrote and the HTML report shows it
// beside the finding: one wording for both.
import type { FindingFix, TextEdit } from '../core/findings.js';

/** Where a text starts past its blanks, from `column`. */
const startOf = (text: string, column: number) => column + text.length - text.trimStart().length;

/**
 * An edit in words: a value replaced, or a cell moved to another column with its text unchanged
 * (a result moved to the winner's column, after the move number it may share its line with).
 */
function editInWords(e: TextEdit): string {
  const cell = (s: string) => {
    const label = /^ *\d+\)/.exec(s)?.[0] ?? '';
    const rest = s.slice(label.length);
    return { text: rest.trim(), column: startOf(rest, e.column + label.length) };
  };
  const [from, to] = [cell(e.from), cell(e.to)];
  if (from.text === to.text) return `line ${e.line}:${from.column}: '${from.text}' moves to column ${to.column}`;
  return `line ${e.line}:${startOf(e.from, e.column)}: '${e.from.trim()}' becomes '${e.to.trim()}'`;
}

/** A fix in words: each edit at its place, then the lines removed. */
export function fixInWords(fix: FindingFix): string {
  const parts = fix.edits.map(editInWords);
  if (fix.remove) {
    const { line, lines } = fix.remove;
    parts.push(lines === 1 ? `line ${line} removed` : `lines ${line}-${line + lines - 1} removed`);
  }
  return parts.join('; ');
}
