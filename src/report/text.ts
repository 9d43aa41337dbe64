// The linter-style report: each file with findings, then `line:col  severity  message  code`,
// then a summary. The path and the messages (which quote names, headers and excerpts of the
// file) are printed through printable(): nothing from a file reaches the terminal raw.
import type { Finding, MatchReport } from '../model.js';
import { printable } from './escape.js';
import type { Sink, Summary, Write } from './reporter.js';
import { plural } from '../words.js';

function where(f: Finding): string {
  if (f.line === undefined) return '';
  return f.column === undefined ? String(f.line) : `${f.line}:${f.column}`;
}

function formatSummary(s: Summary): string {
  const codes = Object.entries(s.byCode)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `  ${String(n).padStart(6)}  ${code}`);
  const matches = `${s.matches} ${s.matches === 1 ? 'match' : 'matches'}`;
  const head =
    `${plural(s.files, 'file')}${s.skipped ? ` (${s.skipped} skipped: not match files)` : ''}, ${matches}, ${plural(s.games, 'game')}: ` +
    `${plural(s.bySeverity.error, 'error')}, ${plural(s.bySeverity.warning, 'warning')}, ${s.bySeverity.info} info`;
  return [head, ...codes].join('\n') + '\n';
}

/** The width of a report's place column: its widest `line:col` of the findings shown. */
export function placeWidth(findings: Finding[], showInfo: boolean): number {
  let width = 0; // not max(...): a match may hold 100,000 findings
  for (const f of findings) if (showInfo || f.severity !== 'info') width = Math.max(width, where(f).length);
  return width;
}

/** The width of `f`'s place (at least), for a finding added to a report's lines. */
export function placeLength(f: Finding): number {
  return where(f).length;
}

/** One finding's line (no newline), its place padded to `width`. */
export function findingLine(f: Finding, match: number | null, width: number): string {
  const game = f.game === undefined ? '' : `game ${f.game}: `;
  const m = match !== null && match > 1 ? `match ${match}, ` : '';
  return `  ${where(f).padEnd(width)}  ${f.severity.padEnd(7)}  ${m}${game}${printable(f.message)}  ${f.code}`;
}

/** One file's block: its path, then its findings; '' when it has none to show. */
export function renderText(reports: MatchReport[], showInfo: boolean): string {
  const out: string[] = [];
  for (const r of reports) {
    const shown = r.findings.filter((f) => showInfo || f.severity !== 'info');
    if (shown.length === 0) continue;
    if (out.length === 0) out.push(printable(r.file));
    const width = placeWidth(shown, true);
    for (const f of shown) out.push(findingLine(f, r.match, width));
  }
  return out.length === 0 ? '' : out.join('\n') + '\n';
}

export function textSink(write: Write): Sink {
  let any = false;
  const piece = (text: string, first: boolean) => {
    write(first && any ? '\n' + text : text);
    any = true;
  };
  return {
    add(block) {
      if (block) piece(block, true);
    },
    piece,
    pieced() {},
    end(summary) {
      write(`${any ? '\n' : ''}${formatSummary(summary)}`);
    },
  };
}
