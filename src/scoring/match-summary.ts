// A match as a tournament director files it (`csv --per match`): the writer's headers,
// the score the audit reached, the winner, how the match ended, its Crawford game. Made from the
// audit's report and what its end tells (the caller asks for it: read/attach.ts); pure.
import type { AuditedMatch, MatchRecord, MatchSummary } from '../core/model.js';
import type { MatchEnd } from './observer.js';

/** The first header with one of these keys (any case), as written; null when none. */
function headerValue(record: MatchRecord, ...keys: string[]): string | null {
  for (const key of keys) {
    const h = record.headers.find((x) => x.key.toLowerCase() === key);
    if (h !== undefined) return h.value;
  }
  return null;
}

/** `report` and `end`: the match's audit, and what the audit told at its end (the score it followed to, the game that won). */
export function matchSummary(
  record: MatchRecord,
  report: Pick<AuditedMatch, 'games'>,
  end: Pick<MatchEnd, 'rules' | 'running' | 'wonBy'>,
): MatchSummary {
  const { games } = report;
  const { running, wonBy } = end;
  const money = end.rules.money;
  const winning = wonBy === null ? undefined : games.find((g) => g.game === wonBy);
  // A match of unknown length (past any: a number-out-of-range finding) is not followed.
  const followed = money || record.length !== null;
  return {
    line: record.line,
    site: headerValue(record, 'site'),
    event: headerValue(record, 'event'),
    date: headerValue(record, 'eventdate', 'date'),
    time: headerValue(record, 'eventtime', 'time'),
    round: headerValue(record, 'round'),
    matchId: headerValue(record, 'match id'),
    ratings: [
      headerValue(record, 'player 1 elo') ?? record.ratings?.[0]?.toString() ?? null,
      headerValue(record, 'player 2 elo') ?? record.ratings?.[1]?.toString() ?? null,
    ],
    finalScore: followed ? [running[0], running[1]] : null,
    winner: winning?.winner ?? null,
    ending: money
      ? 'money'
      : !followed
        ? 'unknown'
        : winning === undefined
          ? 'abandoned'
          : winning.termination === 'forfeit'
            ? 'forfeit'
            : 'played-out',
    crawfordGame: games.find((g) => g.crawford === true)?.game ?? null,
  };
}
