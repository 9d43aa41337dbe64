// A game's findings' corrections (core/findings.ts, Correction), made by the checks, written as
// edits of the record's text by its format (`fixOf`) into each finding's `fix`. The correction
// itself never leaves the audit: a finding whose text allows no certain edit simply has no fix.
import type { Finding, GameRecord, MatchRecord } from '../core/model.js';
import type { RuleSet } from './rules.js';
import { formatOf } from '../formats/index.js';
import type { SourceText } from '../read/source-text.js';

/**
 * The findings that put a game's board in doubt: the replay went on from a move the record did not
 * make as written, or from a line it could not read. A result's points or winner, which the final
 * board gives, are then no correction that is certain.
 */
const BOARD_IN_DOUBT: ReadonlySet<string> = new Set(['illegal-move', 'move-not-checked', 'parse-error']);

export function attachFixes(
  findings: readonly Finding[],
  index: number,
  record: MatchRecord,
  source: SourceText | null,
): void {
  const boardInDoubt = findings.some((f) => BOARD_IN_DOUBT.has(f.code));
  for (const f of findings) {
    const c = f.correction;
    if (c === undefined) continue;
    delete f.correction;
    if (boardInDoubt && (c.kind === 'points' || c.kind === 'winner')) continue;
    const fix = source === null ? null : (formatOf(record.format).fixOf?.(c, index, record, source) ?? null);
    if (fix !== null) f.fix = fix;
  }
}

/**
 * A resignation written at a value it cannot have (`resign-value`) is certain where the record
 * says the value elsewhere: the next game's score line moves only the winner's score, by one of
 * the values a resignation on the game's cube can have. Then that value is the correction.
 */
export function resignValueFromNextLine(
  findings: readonly Finding[],
  game: GameRecord,
  next: GameRecord | undefined,
  start: readonly [number, number],
  cube: number | null,
  rules: RuleSet,
): void {
  const f = findings.find((x) => x.code === 'resign-value');
  const result = game.result;
  const after = next?.startScore ?? null;
  if (f === undefined || result === null || after === null || cube === null || f.recorded === undefined) return;
  const w = result.winner;
  if (after[1 - w] !== start[1 - w]) return;
  const gained = after[w] - start[w];
  if (gained !== f.recorded && rules.multipliers.some((m) => m * cube === gained))
    f.correction = { kind: 'points', to: gained };
}
