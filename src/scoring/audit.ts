// MatchRecord → MatchReport: every check, every finding.
import type { Finding, GameRecord, GameVerdict, MatchRecord, MatchReport, RulesApplied } from '../model.js';

export interface AuditOptions {
  /** Findings that belong to the match but were found before the audit (parse errors, encoding). */
  extraFindings?: Finding[];
}

function defaultRules(record: MatchRecord): RulesApplied {
  return { name: 'backgammon', crawford: record.length > 1, jacoby: false, beavers: false };
}

function verdictOf(game: GameRecord): GameVerdict {
  return {
    game: game.number,
    line: game.line,
    startScore: { recorded: game.startScore, computed: null },
    crawford: null,
    postCrawford: null,
    cube: null,
    termination: null,
    winner: game.result ? game.result.winner : null,
    outcome: null,
    points: { recorded: game.result ? game.result.points : null, nominal: null, credited: null },
    final: null,
    findings: [],
  };
}

export function auditMatch(record: MatchRecord, options: AuditOptions = {}): MatchReport {
  const games = record.games.map(verdictOf);
  const byNumber = new Map(games.map((g) => [g.game, g]));
  const findings: Finding[] = [];
  for (const f of options.extraFindings ?? []) {
    findings.push(f);
    if (f.game !== undefined) byNumber.get(f.game)?.findings.push(f);
  }
  findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    file: record.file,
    match: record.index,
    format: record.format,
    players: record.players,
    length: record.length,
    rules: defaultRules(record),
    games,
    findings,
  };
}
