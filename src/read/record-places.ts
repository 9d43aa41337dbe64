// A binary file's findings placed as its readers place them (formats/format.ts, BinaryFormat):
// the audit places every finding by line and column, and a binary file's line is its record.
// Its reports say the record, and the move in the game where there is one, never a line.
import type { AuditedMatch, Finding, MatchReport } from '../core/model.js';

/** A finding with `record` (and `move`) for `line` and `column`, its other fields in their order. */
function placed(f: Finding, moveOfRecord: readonly number[]): Finding {
  if (f.line === undefined) return f;
  const { line, column: _column, ...rest } = f;
  const move = moveOfRecord[line];
  const out: Finding = { code: f.code, severity: f.severity, message: f.message } as Finding;
  if (f.game !== undefined) out.game = f.game;
  if (move !== undefined && move > 0) out.move = move;
  // A file that cannot be opened at all has no record to name.
  if (line > 0) out.record = line;
  return Object.assign(out, rest);
}

/** A binary file's report with its findings placed by record and move. */
export function placeByRecord<R extends MatchReport>(report: R, moveOfRecord: readonly number[] = []): R {
  const each = (list: Finding[]) => {
    for (let i = 0; i < list.length; i++) list[i] = placed(list[i] as Finding, moveOfRecord);
  };
  each(report.findings);
  for (const g of (report as AuditedMatch).games) each(g.findings);
  return report;
}
