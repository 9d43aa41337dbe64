// Whether a money session was played with the Jacoby rule, when neither a header nor the user
// says (RULES.md §4): a gammon on a cube never turned that is recorded as a single means Jacoby;
// recorded as a gammon, no Jacoby. Games of one session that say both are an error.
import type { GameReplay } from '../engine/replay.js';
import type { Finding, MatchRecord } from '../model.js';
import { LEVEL, outcome } from './outcome.js';
import type { RuleSet } from './rules.js';

export interface JacobyInference {
  /** null: no game tells. */
  jacoby: boolean | null;
  findings: Finding[];
  /** Games (by index) whose recorded points the contradiction finding already explains. */
  explained: Map<number, number>;
}

export function inferJacoby(record: MatchRecord, replays: GameReplay[], rules: RuleSet): JacobyInference {
  const single: number[] = [];
  const full: number[] = [];
  record.games.forEach((game, k) => {
    const r = replays[k];
    if (r.termination !== 'bearoff' || !game.result || game.result.winner !== r.winner) return;
    if (r.cubeLog.some((e) => e.kind === 'take')) return;
    const level = LEVEL[outcome(r.final, r.winner!)];
    if (level === 1) return;
    if (game.result.points === r.cube.value) single.push(k);
    else if (game.result.points === r.cube.value * rules.multipliers[level - 1]) full.push(k);
  });
  const numbers = (ks: number[]) => ks.map((k) => record.games[k].number).join(', ');
  const explained = new Map<number, number>();
  if (single.length === 0 && full.length === 0) return { jacoby: null, findings: [], explained };
  if (single.length === 0 || full.length === 0) {
    const jacoby = single.length > 0;
    const games = jacoby ? single : full;
    return {
      jacoby,
      explained,
      findings: [
        {
          code: 'rules-inferred',
          severity: 'info',
          message: `played ${jacoby ? 'with' : 'without'} the Jacoby rule, as the record shows: on a cube never turned, game${games.length > 1 ? 's' : ''} ${numbers(games)} ${games.length > 1 ? 'are' : 'is'} scored as ${jacoby ? 'a single' : 'a gammon'}`,
          line: record.line,
        },
      ],
    };
  }
  // Both ways: the majority decides the rule, and each game of the minority is an error.
  const jacoby = single.length >= full.length;
  const minority = jacoby ? full : single;
  const findings: Finding[] = minority.map((k) => {
    const game = record.games[k];
    explained.set(k, game.result!.points!); // a number: it equalled the cube or a multiple of it above
    return {
      code: 'jacoby-contradiction',
      severity: 'error',
      message: `this session scores gammons on an unturned cube both ways: as singles (Jacoby) in game${single.length > 1 ? 's' : ''} ${numbers(single)}, as gammons in game${full.length > 1 ? 's' : ''} ${numbers(full)}`,
      game: game.number,
      line: game.result!.line,
      column: game.result!.column,
      recorded: game.result!.points,
    };
  });
  return { jacoby, findings, explained };
}
