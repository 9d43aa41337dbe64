// One file fixed (`bgaudit fix`): its audit's fixes applied to its bytes, and the corrected bytes
// audited again by the same reader before they are kept. The fixed copy must replay as the
// original does (the same rolls, moves, cube actions and final positions, game for game, less the
// games removed), have none of the fixed findings left and no finding the original did not have;
// otherwise nothing is kept, and the reason says which. The fixes themselves are the audit's
// (each finding's `fix`): nothing here works out what a record should say.
import type { Finding, FindingFix } from '../core/findings.js';
import type { Action, GameRecord, MatchRecord, MatchReport } from '../core/model.js';
import { importDecoded } from '../import/index.js';
import type { FileAudit } from '../read/attach.js';
import { auditDecoded } from '../read/file.js';
import { openFile } from '../read/open.js';
import { type LineChange, applyFixes } from './apply.js';

/** A finding with the match it is in (its number in the file; null: the file's own). */
export interface Placed {
  match: number | null;
  finding: Finding;
}

export type FileFixed =
  /** Nothing to fix: the findings left, if any. */
  | { kind: 'nothing'; left: Placed[] }
  /** The fixed copy: its bytes, its changes, the findings fixed and those it still has. */
  | { kind: 'fixed'; bytes: Uint8Array; changes: LineChange[]; fixed: Placed[]; left: Placed[] }
  /** Fixes found but not applied: why; the fixes count as left. */
  | { kind: 'refused'; reason: string; fixable: Placed[]; left: Placed[] };

const placed = (reports: readonly MatchReport[]): Placed[] =>
  reports.flatMap((r) => r.findings.map((finding) => ({ match: r.match, finding })));

const keyOf = (p: Placed) => `${p.finding.code} ${p.match ?? 0} ${p.finding.game ?? 0}`;

/**
 * `bytes` of `file` fixed where the audit gives a fix whose code `chosen` takes. Findings left:
 * every error and warning not fixed (information is not something to fix).
 */
export function fixFile(
  bytes: Uint8Array,
  file: string,
  audit: FileAudit,
  chosen: (code: string) => boolean,
): FileFixed {
  const decoded = openFile(bytes, file);
  const reports = auditDecoded(decoded, file, audit);
  const all = placed(reports);
  const fixable = all.filter((p) => p.finding.fix !== undefined && chosen(p.finding.code));
  const fixing = new Set(fixable);
  const left = all.filter((p) => p.finding.severity !== 'info' && !fixing.has(p));
  if (fixable.length === 0) return { kind: 'nothing', left };
  const refused = (reason: string): FileFixed => ({ kind: 'refused', reason, fixable, left });
  if (!decoded.ok) return refused(decoded.reason);
  const fixes = fixable.map((p) => p.finding.fix).filter((f): f is FindingFix => f !== undefined);
  const applied = applyFixes(bytes, decoded.encoding, fixes);
  if (!applied.ok) return refused(applied.reason);
  const again = openFile(applied.bytes, file);
  if (!again.ok) return refused(`the fixed copy cannot be read: ${again.reason}`);
  const audited = auditDecoded(again, file, audit);
  const after = placed(audited);
  const why =
    stillThere(fixable, after) ??
    newFinding(left, after) ??
    sameReplay(importDecoded(decoded, file).matches, importDecoded(again, file).matches, fixable, [reports, audited]);
  if (why !== null) return refused(why);
  const remaining = after.filter((p) => p.finding.severity !== 'info');
  return { kind: 'fixed', bytes: applied.bytes, changes: applied.changes, fixed: fixable, left: remaining };
}

/** A fixed finding that the fixed copy still has (its code, in the same match and game). */
function stillThere(fixed: readonly Placed[], after: readonly Placed[]): string | null {
  const keys = new Set(after.map(keyOf));
  const p = fixed.find((f) => keys.has(keyOf(f)));
  return p === undefined ? null : `the fixed copy still has ${where(p)}`;
}

/** A finding of the fixed copy that the original has not (by code, match and game, counted). */
function newFinding(left: readonly Placed[], after: readonly Placed[]): string | null {
  const counts = new Map<string, number>();
  for (const p of left) counts.set(keyOf(p), (counts.get(keyOf(p)) ?? 0) + 1);
  for (const p of after) {
    if (p.finding.severity === 'info') continue;
    const n = counts.get(keyOf(p)) ?? 0;
    if (n === 0) return `the fixed copy has ${where(p)}, which the original has not`;
    counts.set(keyOf(p), n - 1);
  }
  return null;
}

function where(p: Placed): string {
  const game = p.finding.game === undefined ? '' : ` in game ${p.finding.game}`;
  const line = p.finding.line === undefined ? '' : ` (line ${p.finding.line})`;
  return `a ${p.finding.code} finding${game}${line}`;
}

/** What replaying an action depends on: everything but where it is written. */
function actionKey(a: Action): string {
  const { line: _line, column: _column, ...rest } = a;
  return JSON.stringify(rest);
}

/** What a game starts from, but for its line. */
function setupKey(g: GameRecord): string {
  return g.setup ? JSON.stringify({ ...g.setup, line: 0 }) : '';
}

/**
 * The same replay: each match the same games less those removed (a game after the match), each
 * game the same actions and setup, and the same final position in the audit of each.
 */
function sameReplay(
  before: readonly MatchRecord[],
  after: readonly MatchRecord[],
  fixed: readonly Placed[],
  [reports, audited]: [readonly MatchReport[], readonly MatchReport[]],
): string | null {
  if (before.length !== after.length) return `the fixed copy has ${after.length} matches, not ${before.length}`;
  const ranges = fixed.flatMap((p) => (p.finding.fix?.remove ? [p.finding.fix.remove] : []));
  const gone = (line: number) => ranges.some((r) => line >= r.line && line < r.line + r.lines);
  // Each match's final positions in game order, the removed games left out of the original's.
  const finals = (rs: readonly MatchReport[], removed: boolean) =>
    new Map(
      rs.map((r) => [
        r.match ?? 0,
        r.games.filter((g) => !(removed && gone(g.line))).map((g) => g.final?.positionId ?? null),
      ]),
    );
  const finalBefore = finals(reports, true);
  const finalAfter = finals(audited, false);
  for (const [k, m] of before.entries()) {
    const kept = m.games.filter((g) => !gone(g.line));
    const games = after[k]?.games ?? [];
    if (kept.length !== games.length)
      return `match ${m.index} of the fixed copy has ${games.length} games, not ${kept.length}`;
    const [was, is] = [finalBefore.get(m.index) ?? [], finalAfter.get(m.index) ?? []];
    for (const [j, g] of kept.entries()) {
      const h = games[j];
      const same =
        h !== undefined &&
        h.number === g.number &&
        h.actions.length === g.actions.length &&
        h.actions.every((a, i) => actionKey(a) === actionKey(g.actions[i] ?? a)) &&
        setupKey(h) === setupKey(g) &&
        was[j] === is[j];
      if (!same) return `game ${g.number} of match ${m.index} does not replay as in the original`;
    }
  }
  return null;
}
