// The linter-style report: each file with findings, then `line:col  severity  message  code`,
// then a summary line.
import type { Finding, MatchReport } from '../model.js';
import type { Reporter, Summary, Write } from './reporter.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function where(f: Finding): string {
  if (f.line === undefined) return '';
  return f.column === undefined ? String(f.line) : `${f.line}:${f.column}`;
}

export function formatSummary(s: Summary): string {
  const codes = Object.entries(s.byCode)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `  ${String(n).padStart(6)}  ${code}`);
  const head =
    `${plural(s.files, 'file')}${s.skipped ? ` (${s.skipped} skipped: not match files)` : ''}, ` +
    `${plural(s.matches, 'match')}`.replace('matchs', 'matches') +
    `, ${plural(s.games, 'game')}: ` +
    `${plural(s.bySeverity.error, 'error')}, ${plural(s.bySeverity.warning, 'warning')}, ${s.bySeverity.info} info`;
  return [head, ...codes].join('\n') + '\n';
}

export function textReporter(write: Write, options: { showInfo?: boolean } = {}): Reporter {
  let lastFile: string | null = null;
  return {
    report(r: MatchReport) {
      const shown = r.findings.filter((f) => options.showInfo || f.severity !== 'info');
      if (shown.length === 0) return;
      if (r.file !== lastFile) {
        write(`${lastFile === null ? '' : '\n'}${r.file}\n`);
        lastFile = r.file;
      }
      const width = Math.max(...shown.map((f) => where(f).length));
      for (const f of shown) {
        const game = f.game === undefined ? '' : `game ${f.game}: `;
        const match = r.match !== null && r.match > 1 ? `match ${r.match}, ` : '';
        write(`  ${where(f).padEnd(width)}  ${f.severity.padEnd(7)}  ${match}${game}${f.message}  ${f.code}\n`);
      }
    },
    end(summary: Summary) {
      write(`${lastFile === null ? '' : '\n'}${formatSummary(summary)}`);
    },
  };
}
