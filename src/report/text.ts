// The linter-style report: each file with findings, then `line:col  severity  message  code`,
// then a summary; or, concise, one `path:line:col: severity code message` line a finding. The
// path and the messages (which quote names, headers and excerpts of the file) are printed through
// printable(): nothing from a file reaches the terminal raw. Colour (text-style.ts) wraps what
// printable() has made, never the other way round.
import type { Finding, MatchReport } from '../core/model.js';
import { printable } from './escape.js';
import type { Sink, Summary, Write } from './reporter.js';
import { painter, severityColor, type TextStyle } from './text-style.js';
import { plural } from '../core/words.js';

export type { TextStyle } from './text-style.js';

/** A finding's place: `line:col`; in a binary file (read/record-places.ts), its record when no game or move says where. */
function where(f: Finding): string {
  if (f.line === undefined)
    return f.record !== undefined && f.game === undefined && f.move === undefined ? `record ${f.record}` : '';
  return f.column === undefined ? String(f.line) : `${f.line}:${f.column}`;
}

function formatSummary(s: Summary, style: TextStyle | undefined): string {
  const paint = painter(style);
  const codes = Object.entries(s.byCode)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `  ${String(n).padStart(6)}  ${code}`);
  const matches = `${s.matches} ${s.matches === 1 ? 'match' : 'matches'}`;
  const { error, warning } = s.bySeverity;
  const errors = plural(error, 'error');
  const warnings = plural(warning, 'warning');
  const head =
    `${plural(s.files, 'file')}${s.skipped ? ` (${s.skipped} skipped: not match files)` : ''}, ${matches}, ${plural(s.games, 'game')}: ` +
    `${error > 0 ? paint('red', errors) : errors}, ${warning > 0 ? paint('yellow', warnings) : warnings}, ${s.bySeverity.info} info`;
  // As ruff's `[*] n fixable`: the findings `bgaudit fix` would correct, and how to see it do so.
  const fixable = s.fixable ?? 0;
  const [has, it] = fixable === 1 ? ['has', 'it'] : ['have', 'them'];
  const fixes =
    fixable === 0
      ? []
      : [
          `${plural(fixable, 'finding')} ${has} a fix: 'bgaudit fix PATHS --diff' shows ${it}, '--out DIR' writes ${it}`,
        ];
  return [head, ...codes, ...fixes].join('\n') + '\n';
}

/** What goes before a file's first finding: its path on a line of its own; nothing when concise. */
export function fileHeader(file: string, style?: TextStyle): string {
  return style?.concise === true ? '' : `${painter(style)('bold', printable(file))}\n`;
}

/**
 * A path as a concise line starts: as it is, or, when it holds a `:` or a `"` or starts or ends
 * with a space, as a JSON string, so that no file name (`x.mat:3:1: error score-mismatch`) can
 * pass for a finding's place to grep or an editor. Control characters escaped either way.
 */
function concisePath(file: string): string {
  return printable(/[:"]|^\s|\s$/.test(file) ? JSON.stringify(file) : file);
}

/** The line that says how many of a file's findings were not listed (`note`: bgaudit's words). */
export function notListedLine(file: string, note: string, style?: TextStyle): string {
  return style?.concise === true ? `${painter(style)('bold', concisePath(file))}: ${note}\n` : `  ${note}\n`;
}

/** `match M, game N: ` before a message, as far as they are known (a file's first match is not named). */
function context(match: number | null, f: Finding): string {
  const game =
    f.game === undefined ? '' : f.move === undefined ? `game ${f.game}: ` : `game ${f.game}, move ${f.move}: `;
  return (match !== null && match > 1 ? `match ${match}, ` : '') + game;
}

/**
 * One finding's line, without its newline: `  line:col  severity  message  code`, its place
 * padded to `width`; concise, `path:line:col: severity code message` (`width` unused), or for a
 * binary file's finding, `path: game G, move M: severity code message`.
 */
function findingLine(
  f: Finding,
  report: { file: string; match: number | null },
  width: number,
  style?: TextStyle,
): string {
  const paint = painter(style);
  const severity = paint(severityColor(f.severity), f.severity);
  const at = where(f);
  const inGame = context(report.match, f);
  const message = inGame + printable(f.message);
  // A binary file's finding (.xg) has no line: its game and move, or its record, take the place's slot.
  if (style?.concise === true && f.line === undefined && f.record !== undefined)
    return `${paint('bold', concisePath(report.file))}: ${inGame === '' ? at : inGame.slice(0, -2)}: ${severity} ${paint('dim', f.code)} ${printable(f.message)}`;
  if (style?.concise === true)
    return `${paint('bold', concisePath(report.file))}:${at === '' ? '' : `${at}:`} ${severity} ${paint('dim', f.code)} ${message}`;
  // Padded outside the colour: the columns line up as without it.
  return `  ${at.padEnd(width)}  ${severity}${' '.repeat(7 - f.severity.length)}  ${message}  ${paint('dim', f.code)}`;
}

/** One report's finding lines, without the file's header; '' when it has none to show. */
export function renderTextFindings(r: MatchReport, showInfo: boolean, style?: TextStyle): string {
  const shown = r.findings.filter((f) => showInfo || f.severity !== 'info');
  if (shown.length === 0) return '';
  const width = shown.reduce((w, f) => Math.max(w, where(f).length), 0); // not max(...): a match may hold 100,000 findings
  return shown.map((f) => findingLine(f, r, width, style)).join('\n') + '\n';
}

/** One file's block: its path, then its findings; '' when it has none to show. */
export function renderText(reports: MatchReport[], showInfo: boolean, style?: TextStyle): string {
  let out = '';
  let first = true;
  for (const r of reports) {
    const lines = renderTextFindings(r, showInfo, style);
    if (lines === '') continue;
    if (first) out = fileHeader(r.file, style);
    first = false;
    out += lines;
  }
  return out;
}

/**
 * The text report's sink: the files' blocks, a blank line between two, then the summary. Concise,
 * the lines alone: the one-line summary goes to stderr, as with JSON.
 */
export function textSink(write: Write, style?: TextStyle): Sink {
  const concise = style?.concise === true;
  let any = false;
  const piece = (text: string, first: boolean) => {
    write(first && any && !concise ? '\n' + text : text);
    any = true;
  };
  return {
    add(block) {
      if (block) piece(block, true);
    },
    piece,
    pieced() {},
    end(summary) {
      if (!concise) write(`${any ? '\n' : ''}${formatSummary(summary, style)}`);
    },
  };
}
