// A game's findings' corrections (core/findings.ts, Correction), made by the checks, written as
// edits of the record's text by its format (`fixOf`) into each finding's `fix`. The correction
// itself never leaves the audit: a finding whose text allows no certain edit simply has no fix.
import type { Finding, GameRecord, MatchRecord } from '../core/model.js';
import { formatOf } from '../formats/index.js';
import type { SourceText } from '../read/source-text.js';

export function attachFixes(
  findings: readonly Finding[],
  game: GameRecord,
  record: MatchRecord,
  source: SourceText | null,
): void {
  for (const f of findings) {
    const c = f.correction;
    if (c === undefined) continue;
    delete f.correction;
    const fix = source === null ? null : (formatOf(record.format).fixOf?.(c, game, record, source) ?? null);
    if (fix !== null) f.fix = fix;
  }
}
