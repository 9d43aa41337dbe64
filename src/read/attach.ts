// What a run asks of each match's audit besides its findings, and the observers it attaches to
// it. The audit checks rules and nothing else; the duplicate check's key, the per-game CSV's
// statistics, `players`' cube actions, the per-match CSV's summary and `show --line`'s capture
// are made here, for each match, from a request that is plain data (the pool's workers get a
// copy of it).
import type { AuditedMatch, Finding, MatchRecord } from '../core/model.js';
import { type AuditObserver, type MatchEnd, auditMatch } from '../scoring/audit.js';
import type { RuleFlags } from '../scoring/rules.js';
import { type KeyBuffer, MatchKey } from '../scoring/match-key.js';
import { GameStatsObserver, cubeActionsObserver } from '../scoring/game-stats.js';
import { matchSummary } from '../scoring/match-summary.js';
import { LineCapture } from '../scoring/evidence.js';
import type { SourceText } from './source-text.js';

/** What a run asks of each match's audit: plain data (a worker gets a copy). */
export interface AuditRequest {
  rules?: RuleFlags;
  /** Which positions the audit writes down (AuditContext.positions); `at` asks for all of them. */
  positions?: boolean | 'final';
  /** Hash each match's content into `contentKey` (the duplicate check). */
  contentKey?: boolean;
  /** Count each game's statistics into its verdict's `stats` (the per-game CSV). */
  gameStats?: boolean;
  /** Count each game's cube actions into its verdict's `cubeActions` (`players`: the cube columns alone). */
  cubeActions?: boolean;
  /** The match's headers, score, winner and ending in `summary` (the per-match CSV, the results check). */
  matchSummary?: boolean;
  /**
   * A line whose moment the report carries in `at` (`show --line`), and its column (`--line L:C`):
   * only the board it names; or a game's move (`show --game G --move M`): its roll's board.
   */
  at?: { line: number; column?: number } | { game: number; move: number };
}

/** A file's audit: what each of its matches is judged with, and the observers attached to each. */
export interface FileAudit {
  rules?: RuleFlags;
  positions?: boolean | 'final';
  /** The observers one match's audit is given, made for it; `source`: the text its lines are in. */
  attach?: (record: MatchRecord, source: SourceText | undefined) => readonly AuditObserver[];
}

/** The per-match CSV's summary, from the audit's report and end. */
function summaryObserver(record: MatchRecord): AuditObserver {
  return {
    endMatch(report: AuditedMatch, end: MatchEnd) {
      report.summary = matchSummary(record, report, end);
    },
  };
}

/**
 * A file's audit as `request` asks; `keys`: the buffer the keys of the matches audited one after
 * another share (a worker's batch). The observers are attached in the order the report's keys
 * are written in: a verdict's `stats` before its `cubeActions`, the report's `at`, `summary`,
 * then `contentKey`.
 */
export function fileAudit(request: AuditRequest, keys?: KeyBuffer): FileAudit {
  const { rules, at, contentKey, gameStats, cubeActions, matchSummary: summary } = request;
  const positions = at === undefined ? request.positions : true;
  const audit: FileAudit = { rules, positions };
  if (!(gameStats || cubeActions || summary || contentKey || at !== undefined)) return audit;
  audit.attach = (record, source) => {
    const observe: AuditObserver[] = [];
    if (gameStats) observe.push(new GameStatsObserver());
    if (cubeActions) observe.push(cubeActionsObserver);
    const place = at === undefined ? null : placeOf(record, at);
    if (place !== null) observe.push(new LineCapture(record, place, source ?? null));
    if (summary) observe.push(summaryObserver(record));
    if (contentKey) observe.push(new MatchKey(record, keys, source));
    return observe;
  };
  return audit;
}

/** Where a moment asked for is in a record: a line as given, or a game's move (its roll's line and column). */
function placeOf(
  record: MatchRecord,
  at: NonNullable<AuditRequest['at']>,
): { line: number; column: number | null } | null {
  if ('line' in at) return { line: at.line, column: at.column ?? null };
  const game = record.games.find((g) => g.number === at.game);
  let n = 0;
  for (const a of game?.actions ?? [])
    if (a.type === 'roll' && ++n === at.move) return { line: a.line, column: a.column };
  return null;
}

/** One match of a file audited: the file's audit, the text its lines are in, its findings from before the audit. */
export function auditAttached(
  record: MatchRecord,
  audit: FileAudit,
  source: SourceText | undefined,
  extraFindings: Finding[],
): AuditedMatch {
  return auditMatch(record, {
    rules: audit.rules,
    positions: audit.positions,
    source,
    extraFindings,
    observe: audit.attach?.(record, source),
  });
}
