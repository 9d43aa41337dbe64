// A match as a tournament director files it (`csv --per match`): the writer's headers,
// the score the audit reached, the winner, how the match ended, its Crawford game. Made from the
// audit's report and what its end tells (the caller asks for it: read/attach.ts); pure.
import type { AuditedMatch, MatchRecord, MatchSummary } from '../core/model.js';
import type { MatchEnd } from './observer.js';

/** The headers by key in lower case, the first of each key as written: looked up for every field below. */
function headersByKey(record: MatchRecord): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const h of record.headers) {
    const key = h.key.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, h.value);
  }
  return byKey;
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
  const headers = headersByKey(record);
  const header = (key: string): string | null => headers.get(key) ?? null;
  return {
    line: record.line,
    site: header('site'),
    event: header('event'),
    date: header('eventdate') ?? header('date'),
    time: header('eventtime') ?? header('time'),
    round: header('round'),
    matchId: header('match id'),
    ratings: [
      header('player 1 elo') ?? record.ratings?.[0]?.toString() ?? null,
      header('player 2 elo') ?? record.ratings?.[1]?.toString() ?? null,
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
