// Whether a money session was played with the Jacoby rule, when neither a header nor the user
// says (docs/scoring.md, "Money play"): a gammon on a cube never turned that is recorded as a single means Jacoby;
// recorded as a gammon, no Jacoby. Games of one session that say both are an error.
import type { GameReplay } from '../engine/replay.js';
import { finding } from '../core/findings.js';
import type { Finding, MatchRecord, RecordedResult } from '../core/model.js';
import { MULTIPLIER_AT, outcome } from './outcome.js';
import type { RuleSet } from './rules.js';
import { itemAt } from '../core/at.js';

export interface JacobyInference {
  /** null: no game tells. */
  jacoby: boolean | null;
  findings: Finding[];
  /** Games (by index) whose recorded points the contradiction finding already explains. */
  explained: Map<number, number>;
}

/** A game whose result tells: its index, its result, and the points it writes. */
interface Telling {
  k: number;
  result: RecordedResult;
  points: number;
}

export function inferJacoby(record: MatchRecord, replays: GameReplay[], rules: RuleSet): JacobyInference {
  // Games (by index) that score an unturned-cube gammon as a single, and as a gammon, with the result that says so.
  const single: Telling[] = [];
  const full: Telling[] = [];
  record.games.forEach((game, k) => {
    const r = itemAt(replays, k);
    const result = game.result;
    if (r.termination !== 'bearoff' || !result || result.winner !== r.winner || result.points === null) return;
    if (r.cubeLog.some((e) => e.kind === 'take')) return;
    const won = outcome(r.final, r.winner);
    if (won === 'single') return;
    if (result.points === r.cube.value) single.push({ k, result, points: result.points });
    else if (result.points === r.cube.value * rules.multipliers[MULTIPLIER_AT[won]])
      full.push({ k, result, points: result.points });
  });
  const numbers = (ts: Telling[]) => ts.map((t) => itemAt(record.games, t.k).number).join(', ');
  const explained = new Map<number, number>();
  if (single.length === 0 && full.length === 0) return { jacoby: null, findings: [], explained };
  if (single.length === 0 || full.length === 0) {
    const jacoby = single.length > 0;
    const games = jacoby ? single : full;
    return {
      jacoby,
      explained,
      findings: [
        finding(
          'rules-inferred',
          'info',
          `played ${jacoby ? 'with' : 'without'} the Jacoby rule, as the record shows: on a cube never turned, game${games.length > 1 ? 's' : ''} ${numbers(games)} ${games.length > 1 ? 'are' : 'is'} scored as ${jacoby ? 'a single' : 'a gammon'}`,
          { line: record.line },
        ),
      ],
    };
  }
  // Both ways: the majority decides the rule, and each game of the minority is an error.
  const jacoby = single.length >= full.length;
  const minority = jacoby ? full : single;
  // One message for every game of the minority: built once, not once per game.
  const message = `this session scores gammons on an unturned cube both ways: as singles (Jacoby) in game${single.length > 1 ? 's' : ''} ${numbers(single)}, as gammons in game${full.length > 1 ? 's' : ''} ${numbers(full)}`;
  const findings: Finding[] = minority.map(({ k, result, points }) => {
    const game = itemAt(record.games, k);
    explained.set(k, points);
    return finding('jacoby-contradiction', 'error', message, {
      game: game.number,
      line: result.line,
      column: result.column,
      recorded: points,
    });
  });
  return { jacoby, findings, explained };
}
