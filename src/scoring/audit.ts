// MatchRecord → MatchReport: every game replayed and scored, the match followed from 0-0,
// every disagreement with the record a finding.
import { replay, type GameReplay } from '../engine/replay.js';
import { type FindingCode, type FindingExtra, type SeverityOf, finding } from '../findings.js';
import { GAME_STATE, matchId, matchIdFits, positionId, xgid } from '../ids.js';
import { MAX_POINTS } from '../limits.js';
import { other } from '../engine/board.js';
import type { FinalIds, Finding, GameEnding, GameRecord, GameVerdict, MatchRecord, MatchReport, Side } from '../model.js';
import { cubeBeforeFirstDouble, cubeFindings } from './cube.js';
import { scoreGame } from './points.js';
import { inferJacoby } from './jacoby.js';
import { type RuleFlags, type RuleSet, rulesFor } from './rules.js';
import { plural } from '../words.js';

export interface AuditOptions {
  /** Findings that belong to the match but were found before the audit (parse errors, encoding). */
  extraFindings?: Finding[];
  rules?: RuleFlags;
}

const STATE_OF = { bearoff: GAME_STATE.over, resign: GAME_STATE.resigned, drop: GAME_STATE.dropped, unfinished: GAME_STATE.playing } as const;

/**
 * The final position's IDs; null when a length or cube past its bound left the state unknown, or
 * when the Match ID cannot hold it (a score past its 15 bits): no ID is built from a cut field.
 */
function finalIds(r: GameReplay, e: GameEnding, rules: RuleSet, record: MatchRecord, start: [number, number], crawford: boolean): FinalIds | null {
  if (record.length === null || r.cubeUnknown) return null;
  const onRoll: Side = r.onRoll ?? 0;
  const score: [number, number] = [start[0], start[1]];
  const nominal = e.points.nominal;
  if (e.winner !== null && nominal !== null) score[e.winner] += nominal;
  const level = r.termination === 'resign' && nominal !== null ? Math.min(3, Math.round(nominal / r.cube.value)) : 0;
  const state = {
    cubeValue: r.cube.value,
    cubeOwner: r.cube.owner,
    onRoll,
    crawford,
    gameState: r.termination === null ? GAME_STATE.playing : STATE_OF[r.termination],
    // The side that lost by the end, else the side on roll.
    turn: r.termination === null || r.termination === 'unfinished' ? onRoll : other(r.winner),
    doubled: false,
    resigned: level,
    dice: [0, 0] as [number, number],
    length: record.length,
    score,
    jacoby: rules.jacoby,
  };
  if (!matchIdFits(state)) return null;
  return {
    positionId: positionId(r.final, onRoll),
    matchId: matchId(state),
    xgid: xgid(r.final, { ...state, turn: onRoll, dice: null, maxCubeLog2: 10 }),
  };
}

/** Findings in file order. Most lists are empty or one long: no sort then (it allocates). */
function sortByPlace(findings: Finding[]): void {
  if (findings.length > 1) findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

function gameFinding<C extends FindingCode>(game: GameRecord, code: C, severity: SeverityOf<C>, message: string, extra: FindingExtra = {}): Finding {
  return finding(code, severity, message, { game: game.number, line: game.line, ...extra });
}

export function auditMatch(record: MatchRecord, options: AuditOptions = {}): MatchReport {
  const rules = rulesFor(record, options.rules);
  const N = record.length;
  const names: [string, string] = [record.players[0] || 'the left player', record.players[1] || 'the right player'];
  const games: GameVerdict[] = [];
  const findings: Finding[] = [...(options.extraFindings ?? [])];
  for (const note of rules.notes) findings.push(finding('rules-inferred', 'info', note, { line: record.line }));
  if (record.findings) findings.push(...record.findings);
  if (rules.findings) findings.push(...rules.findings);
  if (rules.lengths && !rules.money && N !== null && !rules.lengths.includes(N)) {
    findings.push(finding('match-length', 'warning', `${rules.name} matches are played to ${rules.lengths.join(', ')} points, not ${N}`, { line: record.line }));
  }
  const replays = record.games.map((game) => replay(game, { variant: record.variant, marksHits: record.marksHits, players: names }));
  // Findings about one game made before its turn in the loop below (the Jacoby inference).
  const early: Finding[] = [];
  let explained = new Map<number, number>();
  if (rules.money && rules.source.jacoby === 'default') {
    const inferred = inferJacoby(record, replays, rules);
    if (inferred.jacoby !== null) {
      rules.jacoby = inferred.jacoby;
      rules.source.jacoby = 'inferred';
    }
    for (const f of inferred.findings) (f.game === undefined ? findings : early).push(f);
    explained = inferred.explained;
  }
  // A money session's score lines are checked only in SGF, whose writer keeps a running total
  // there and records every automatic double; a .mat cannot write automatic doubles, so its
  // money scores may rightly disagree with its games (GNU Backgammon's s02 does).
  // A match whose length is past any (a number-out-of-range finding) cannot be followed.
  const followsScore =
    (!rules.money && N !== null) || (record.format === 'sgf' && record.games.some((g) => g.startScore !== null && (g.startScore[0] !== 0 || g.startScore[1] !== 0)));
  // A record that starts later in a match (its first game is not game 1, or starts from a set
  // position) starts from its own score.
  const first = record.games[0];
  const startsLater =
    first?.startScore != null && (first.setup?.sides !== undefined || (first.number > 1 && first.startScore[0] + first.startScore[1] > 0));
  let running: [number, number] = startsLater ? [first.startScore![0], first.startScore![1]] : [0, 0];
  let crawfordPlayed = false;
  let wonBy: number | null = null;

  record.games.forEach((game, index) => {
    const own: Finding[] = [];
    const computed: [number, number] = [running[0], running[1]];
    if (followsScore && game.startScore && (game.startScore[0] !== computed[0] || game.startScore[1] !== computed[1])) {
      own.push(
        gameFinding(game, 'score-mismatch', 'error', `the record starts this game at ${game.startScore.join('-')}, but the games before it add up to ${computed.join('-')}`, {
          recorded: game.startScore,
          expected: computed,
        }),
      );
    }
    if (game.number !== index + 1 + (startsLater ? first.number - 1 : 0)) own.push(gameFinding(game, 'game-number', 'warning', `game ${index + 1} of the match is labelled 'Game ${game.number}'`));
    if (wonBy !== null) own.push(gameFinding(game, 'game-after-match', 'error', `the match was won in game ${wonBy}; no game may follow it`));
    // Each transition is checked on its own: from here on, follow the record's score.
    const score: [number, number] = followsScore && game.startScore ? [game.startScore[0], game.startScore[1]] : computed;

    const crawford = rules.crawford && N !== null && !crawfordPlayed && (score[0] === N - 1 || score[1] === N - 1);
    const postCrawford = rules.crawford && crawfordPlayed;
    if (crawford) crawfordPlayed = true;

    const r = replays[index];
    own.push(...r.findings);
    if (game.findings) own.push(...game.findings);
    own.push(...early.filter((f) => f.game === game.number));
    if (rules.openingRollSplit && r.firstRoll && !game.setup?.sides && r.firstRoll.dice[0] === r.firstRoll.dice[1]) {
      own.push(
        finding('opening-double', 'error', `the game opens with ${r.firstRoll.dice.join('-')}: the opening roll is one die each, so it is never a double`, {
          game: game.number,
          line: r.firstRoll.line,
          column: r.firstRoll.column,
        }),
      );
    }
    const autoDoubles = game.setup?.autoDoubles ?? 0;
    if (autoDoubles > 0 && !rules.money) {
      own.push(
        gameFinding(game, 'auto-double-in-match', 'error', `the game starts with the cube at ${2 ** autoDoubles} (automatic doubles), which match play does not allow; it is scored with that cube`, {
          line: game.setup!.line,
        }),
      );
    }
    const cubeFound = cubeFindings(r.cubeLog, { game: game.number, rules, crawfordGame: crawford, names });
    own.push(...cubeFound);
    const crawfordDouble = crawford && r.cubeLog.some((e) => e.kind === 'double');
    const asRecorded = r.cubeUnknown ? null : r.cube.value; // null: a double past the largest cube was taken
    const cube = crawfordDouble ? cubeBeforeFirstDouble(r.cubeLog) : asRecorded;
    const context = { rules, length: N, score, cube, cubeTurned: r.cubeLog.some((e) => e.kind === 'take'), names };
    // The federation's ruling scores a Crawford-game double as if it had not been made: what the
    // record gives with the cube as played is reported on the crawford-double finding instead.
    const asPlayed = crawfordDouble ? scoreGame(game, r, { ...context, cube: asRecorded }).ending.points.nominal : null;
    const scored = scoreGame(game, r, { ...context, explained: asPlayed ?? explained.get(index) });
    const points = scored.ending.points;
    own.push(...scored.findings);
    if (crawfordDouble && game.result && game.result.points !== null) {
      const ruling = cubeFound.find((f) => f.code === 'crawford-double')!;
      ruling.recorded = game.result.points;
      ruling.expected = points.nominal;
      ruling.message += `: ${points.nominal === null ? '? points' : plural(points.nominal, 'point')}, where the record gives ${game.result.points}`;
    }
    const last = index === record.games.length - 1;
    if (r.termination === 'unfinished' && !last) {
      own.push(gameFinding(game, 'game-unfinished', 'error', 'the game has no result and no end, yet another game follows it'));
    }

    running = [score[0], score[1]];
    const winner = scored.ending.winner;
    if (winner !== null && points.credited !== null && wonBy === null) running[winner] += points.credited;
    if (scored.winsMatch && wonBy === null) wonBy = game.number;

    const final = finalIds(r, scored.ending, rules, record, score, crawford);
    if (final === null && N !== null && !r.cubeUnknown) {
      // Values within their bounds, but a money session's running score past what the Match ID holds.
      const after = [score[0], score[1]];
      if (winner !== null && points.nominal !== null) after[winner] += points.nominal;
      own.push(
        gameFinding(game, 'number-out-of-range', 'info', `no Position ID, Match ID or XGID for this game: the score ${after.join('-')} is more than a Match ID holds (at most ${MAX_POINTS} a side)`),
      );
    }
    sortByPlace(own);
    findings.push(...own);
    games.push({
      game: game.number,
      line: game.line,
      startScore: { recorded: game.startScore, computed: followsScore ? computed : null },
      crawford: rules.money || N === null ? null : crawford,
      postCrawford: rules.money || N === null ? null : postCrawford,
      cube: cube === null ? null : { ...r.cube, value: cube },
      doubles: r.cubeLog.filter((e) => e.kind === 'double' || e.kind === 'beaver' || e.kind === 'raccoon').length,
      ...scored.ending,
      final,
      findings: own,
    });
  });

  if (!rules.money && wonBy === null && record.games.length > 0 && N !== null && N > 0) {
    const lastGame = record.games[record.games.length - 1];
    findings.push(
      gameFinding(lastGame, 'match-unfinished', 'warning', `the record stops at ${running.join('-')} in a ${N}-point match: nobody has won it`, { game: undefined }),
    );
  }
  // Findings found before the audit (parse errors) also belong to their game's list.
  for (const f of options.extraFindings ?? []) if (f.game !== undefined) games.find((g) => g.game === f.game)?.findings.push(f);
  sortByPlace(findings);
  return {
    file: record.file,
    match: record.index,
    format: record.format,
    players: record.players,
    length: record.length,
    rules: { name: rules.name, crawford: rules.crawford, jacoby: rules.jacoby, beavers: rules.beavers, cubeLimit: rules.cubeLimit, source: { ...rules.source } },
    games,
    findings,
  };
}
