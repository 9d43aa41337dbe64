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

/** One file's block: its path, then its findings; '' when it has none to show. */
export function renderText(reports: MatchReport[], showInfo: boolean): string {
  const out: string[] = [];
  for (const r of reports) {
    const shown = r.findings.filter((f) => showInfo || f.severity !== 'info');
    if (shown.length === 0) continue;
    if (out.length === 0) out.push(printable(r.file));
    const width = shown.reduce((w, f) => Math.max(w, where(f).length), 0); // not max(...): a match may hold 100,000 findings
    for (const f of shown) {
      const game = f.game === undefined ? '' : `game ${f.game}: `;
      const match = r.match !== null && r.match > 1 ? `match ${r.match}, ` : '';
      out.push(
        `  ${where(f).padEnd(width)}  ${f.severity.padEnd(7)}  ${match}${game}${printable(f.message)}  ${f.code}`,
      );
    }
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
