// A match as a tournament director files it (`csv --per match`): the writer's headers,
// the score the audit reached, the winner, how the match ended, its Crawford game. The score,
// winner and ending are the audit's own result (scoring/audit.ts), copied, never worked out again
// here; the caller asks for the summary (read/attach.ts); pure.
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

/** `report` and `end`: the match's audit, and how the audit found the match ended (its result, read as it is). */
export function matchSummary(
  record: MatchRecord,
  report: Pick<AuditedMatch, 'games'>,
  end: Pick<MatchEnd, 'result'>,
): MatchSummary {
  const { games } = report;
  const { finalScore, winner, ending } = end.result;
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
    finalScore: finalScore === null ? null : [finalScore[0], finalScore[1]],
    winner,
    ending,
    crawfordGame: games.find((g) => g.crawford === true)?.game ?? null,
  };
}
