// MatchRecord → AuditedMatch: every game replayed and scored, the match followed from 0-0,
// every disagreement with the record a finding.
import {
  replay,
  type CubeEvent,
  type GameObserver,
  type GameReplay,
  type ReplayObserver,
  type ReplayOptions,
} from '../engine/replay.js';
import type { Position } from '../engine/board.js';
import { newMoveScratch } from '../engine/moves.js';
import { type FindingCode, type FindingExtra, type SeverityOf, finding } from '../core/findings.js';
import { MAX_POINTS } from '../core/limits.js';
import type {
  AuditedMatch,
  Finding,
  GameRecord,
  GameVerdict,
  MatchRecord,
  MatchResult,
  RollAction,
  Side,
} from '../core/model.js';
import { cubeBeforeFirstDouble, cubeFindings } from './cube.js';
import { finalIds, finalState } from './final-ids.js';
import { forfeitNote } from './forfeit.js';
import {
  type Crediting,
  type GameMoves,
  type LastGame,
  type Score,
  advance,
  autoDoubleFinding,
  judgeLine,
  scoreLineFinding,
} from './score-line.js';
import { type GameScore, type PointsContext, scoreGame } from './points.js';
import { type JacobyInference, inferJacoby } from './jacoby.js';
import { type RuleFlags, type RuleSet, rulesFor } from './rules.js';
import { aOrAn, nameKey, quotedName } from '../core/words.js';
import type { SourceText } from '../read/source-text.js';
import { attachFixes, resignValueFromNextLine } from './fixes.js';
import { attachPositions, lastLine } from './evidence.js';
import type { AuditObserver, GameJudged, MatchEnd } from './observer.js';

export type { AuditObserver, GameJudged, MatchEnd } from './observer.js';
import { itemAt } from '../core/at.js';
import { formatOf } from '../formats/index.js';
import { append } from '../core/lists.js';

/** One match's audit: what it is judged with, and what the caller attaches to it. */
export interface AuditContext {
  /** Findings that belong to the match but were found before the audit (parse errors, encoding). */
  extraFindings?: Finding[];
  rules?: RuleFlags;
  /** The file's text: each finding's `position.recorded` quotes the record's own words from it. */
  source?: SourceText;
  /**
   * false: no position is written down: each verdict's `final` is null and findings carry no
   * `position` or `legalPlay` (for outputs that read none of them: the text report, the per-match
   * CSV). Whether a game's final state fits a Match ID is still judged (number-out-of-range).
   * 'final': each verdict's `final` IDs only, findings without `position` or `legalPlay` (the
   * per-game CSV reads `final.xgid` and nothing else of them).
   */
  positions?: boolean | 'final';
  /** The observers attached to this match's audit, made for it. */
  observe?: readonly AuditObserver[];
}

/** Findings in file order. Most lists are empty or one long: no sort then (it allocates). */
function sortByPlace(findings: Finding[]): void {
  if (findings.length > 1) findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

function gameFinding<C extends FindingCode>(
  game: GameRecord,
  code: C,
  severity: SeverityOf<C>,
  message: string,
  extra?: FindingExtra<C>,
): Finding {
  return finding(code, severity, message, extra, { game: game.number, line: game.line });
}

/** What every game's audit reads from the match. */
interface MatchContext {
  record: MatchRecord;
  rules: RuleSet;
  names: [string, string];
  /** The games' recorded start scores are checked against the games before them. */
  followsScore: boolean;
  /** The record starts later in a match: its first game's own start score, else null (0-0). */
  start: [number, number] | null;
  /** From the Jacoby inference: its findings about single games, and the games whose points it explains. */
  jacoby: JacobyInference | null;
  /** The inference's findings by game number: looked up per game, not filtered from all of them. */
  jacobyByGame: Map<number, Finding[]>;
  replayOptions: ReplayOptions;
  source: SourceText | null;
  /** The observers told of each game judged. */
  judged: readonly AuditObserver[];
  /** Each game's final IDs written down (AuditContext.positions true or 'final'). */
  finalPositions: boolean;
  /** Each finding's position written down (AuditContext.positions true). */
  findingPositions: boolean;
}

/** The match as the games' play values them: its score, its Crawford game played, won. */
interface Played {
  score: Score;
  crawfordPlayed: boolean;
  won: boolean;
}

/** The game that won the match, to whom, and how. */
interface MatchWon {
  game: number;
  winner: Side;
  how: 'played-out' | 'forfeit';
  /**
   * The record leaves no doubt that the game won the match: its points are the board's (it ended
   * by bearing off or by a drop), or its result says "and the match".
   */
  sure: boolean;
}

/** The match as followed from game to game. */
interface MatchSoFar {
  /** The score before the next game, as the score lines and the games credited give it. */
  running: [number, number];
  /**
   * The scores the record's results add up to before the next game (the record's result and the
   * play's, where they differ), from the match's start: what its score line is checked against.
   */
  expected: Score[];
  crawfordPlayed: boolean;
  /** The game that won the match, to whom and how; null while nobody has. */
  won: MatchWon | null;
  /**
   * The match as the games' play values them (the result line's points where the play cannot),
   * from the start, never set by a score line. Where the score lines tell another story (a wrong
   * line the next ones go on from, a wrong result they follow), a Crawford-game double and a game
   * after the match are said only when both stories agree: the other may be the true one.
   */
  played: Played;
  /** The game before, as the score follows it (a money .mat's score line may be explained by its automatic doubles). */
  last: LastGame | null;
}

/** The players' names as findings quote them; a side the record does not name: SGF's own words (side 0 is White, PW), a .mat's column. */
function sideNames(record: MatchRecord): [string, string] {
  const [first, second] = formatOf(record.format).unnamedSides.inFindings;
  return [quotedName(record.players[0]) || first, quotedName(record.players[1]) || second];
}

/** No observer: a match audited alone allocates no list for them. */
const NONE: readonly AuditObserver[] = [];

export function auditMatch(record: MatchRecord, context: AuditContext = {}): AuditedMatch {
  const names = sideNames(record);
  const replayOptions: ReplayOptions = { variant: record.variant, marksHits: record.marksHits, players: names };
  const observe = context.observe ?? NONE;
  const replays = replayAll(record, replayOptions, observe);
  const given = withBeaversPlayed(rulesFor(record, context.rules), replays);
  const jacoby = given.money && given.source.jacoby === 'default' ? inferJacoby(record, replays, given) : null;
  const rules = withInferredJacoby(given, jacoby);
  const ctx: MatchContext = {
    record,
    rules,
    names,
    followsScore: followsScore(record, rules),
    start: recordStart(record, rules),
    jacoby,
    jacobyByGame: byGame(jacoby?.findings ?? []),
    replayOptions,
    source: context.source ?? null,
    judged: observe.length === 0 ? NONE : observe.filter((o) => o.judged !== undefined),
    finalPositions: context.positions !== false,
    findingPositions: (context.positions ?? true) === true,
  };
  const extra = context.extraFindings ?? [];
  const findings: Finding[] = extra.slice();
  matchFindings(findings, record, rules);
  if (jacoby) for (const f of jacoby.findings) if (f.game === undefined) findings.push(f);

  const gameExtras = byFirstGame(record, extra);
  const games: GameVerdict[] = [];
  const first: Score = ctx.start ? [ctx.start[0], ctx.start[1]] : [0, 0];
  let progress: MatchSoFar = {
    running: [first[0], first[1]],
    expected: [first],
    crawfordPlayed: false,
    won: null,
    played: { score: first, crawfordPlayed: false, won: false },
    last: null,
  };
  // The index of the game that won the match: the games after it must not keep the score (below).
  let wonAt: number | null = null;
  for (const [index, game] of record.games.entries()) {
    const audited = auditGame(game, index, itemAt(replays, index), ctx, progress, gameExtras.get(index));
    if (!wonForCertain(progress.won, findings))
      for (const f of audited.own) if (f.code === 'game-after-match') delete f.fix;
    append(findings, audited.own);
    games.push(audited.verdict);
    progress = audited.progress;
    if (wonAt === null && progress.won !== null) wonAt = index;
  }
  if (!uncounted(record, wonAt)) for (const f of findings) if (f.code === 'game-after-match') delete f.fix;
  const result = matchResult(record, rules, progress, replays);
  const unfinished = matchUnfinished(record, rules, result);
  if (unfinished) findings.push(unfinished);
  sortByPlace(findings);
  const report: AuditedMatch = {
    file: record.file,
    match: record.index,
    format: record.format,
    players: record.players,
    ...lengthsOf(record, rules),
    rules: {
      name: rules.name,
      variant: record.variant,
      crawford: rules.crawford,
      jacoby: rules.jacoby,
      beavers: rules.beavers,
      cubeLimit: rules.cubeLimit,
      source: { ...rules.source },
    },
    games,
    findings,
  };
  if (observe.length > 0) {
    const whole = wholeMatch(record, replays, extra);
    const end: MatchEnd = { rules, result, whole };
    for (const o of observe) o.endMatch?.(report, end);
  }
  return report;
}

/**
 * Every game replayed, the observers told as it goes. The options with the observers' replay
 * observer are made once a match, not spread again for every game: the replay reads them at
 * every roll, and a new object per game slows it (bench/README.md).
 */
function replayAll(record: MatchRecord, options: ReplayOptions, observe: readonly AuditObserver[]): GameReplay[] {
  const observer = oneReplayObserver(observe);
  const observed = observer === undefined ? options : { ...options, observer };
  const work = newMoveScratch();
  return record.games.map((game, k) => {
    let told: GameObserver | undefined;
    for (const o of observe) {
      const g = o.startGame?.(game, k);
      if (g !== undefined) told = told === undefined ? g : bothGameObservers(told, g);
    }
    const r = replay(game, observed, told, work);
    for (const o of observe) o.endGame?.(game, r, k);
    return r;
  });
}

/** The observers' replay observers as one (the replay takes one), or none. */
function oneReplayObserver(observe: readonly AuditObserver[]): ReplayObserver | undefined {
  let one: ReplayObserver | undefined;
  for (const o of observe) {
    const b = o.replay;
    if (b === undefined) continue;
    const a = one;
    one =
      a === undefined
        ? b
        : {
            roll(x: RollAction, pos: Position, opening: boolean) {
              a.roll?.(x, pos, opening);
              b.roll?.(x, pos, opening);
            },
            cube(e: CubeEvent, pos: Position, rolls: number) {
              a.cube?.(e, pos, rolls);
              b.cube?.(e, pos, rolls);
            },
          };
  }
  return one;
}

/** Two game observers as one (the replay takes one). */
function bothGameObservers(a: GameObserver, b: GameObserver): GameObserver {
  return {
    start(pos: Position) {
      a.start(pos);
      b.start(pos);
    },
    cube(e: CubeEvent, pos: Position, rolls: number) {
      a.cube(e, pos, rolls);
      b.cube(e, pos, rolls);
    },
  };
}

/** Findings by their game's number (those of no game left out): looked up per game, not filtered from all. */
function byGame(findings: readonly Finding[]): Map<number, Finding[]> {
  const out = new Map<number, Finding[]>();
  for (const f of findings) {
    if (f.game === undefined) continue;
    const list = out.get(f.game);
    if (list) list.push(f);
    else out.set(f.game, [f]);
  }
  return out;
}

/** The length applied: 0 in money play, whatever the record writes (a Galaxy money game's "16 point match"). */
function appliedLength(record: MatchRecord, rules: RuleSet): number | null {
  return rules.money ? 0 : record.length;
}

/** The report's `length` (applied), and `recordedLength` (as written) when that is another. */
function lengthsOf(record: MatchRecord, rules: RuleSet): Pick<AuditedMatch, 'length' | 'recordedLength'> {
  const length = appliedLength(record, rules);
  return length === record.length ? { length } : { length, recordedLength: record.length };
}

/**
 * Money play where nothing said whether beavers were agreed: a beaver or raccoon the replay finds
 * says they were (an SGF beaver is written as a second `double`, which only the replay tells apart).
 */
function withBeaversPlayed(rules: RuleSet, replays: GameReplay[]): RuleSet {
  if (!rules.money || rules.beavers || rules.source.beavers !== 'default') return rules;
  if (!replays.some((r) => r.cubeLog.some((e) => e.kind === 'beaver' || e.kind === 'raccoon'))) return rules;
  return { ...rules, beavers: true, source: { ...rules.source, beavers: 'inferred' } };
}

/** The rules with Jacoby as the games show it, when nothing else said (a new rule set; `rules` is left as it is). */
function withInferredJacoby(rules: RuleSet, inferred: JacobyInference | null): RuleSet {
  if (inferred === null || inferred.jacoby === null) return rules;
  return { ...rules, jacoby: inferred.jacoby, source: { ...rules.source, jacoby: 'inferred' } };
}

/** Findings about the match itself, into `findings`: how its rules were read, its values, its length. */
function matchFindings(findings: Finding[], record: MatchRecord, rules: RuleSet): void {
  for (const note of rules.notes) findings.push(finding('rules-inferred', 'info', note, { line: record.line }));
  if (record.findings) append(findings, record.findings);
  if (rules.findings) findings.push(...rules.findings);
  const [first, second] = record.players;
  if (first.trim() !== '' && nameKey(first) === nameKey(second)) {
    const names = first === second ? quotedName(first) : `${quotedName(first)} and ${quotedName(second)}`;
    findings.push(
      finding('same-player', 'warning', `both sides of the match are one player, ${names}: nobody plays themself`, {
        line: record.line,
      }),
    );
  }
  const N = record.length;
  if (rules.lengths && !rules.money && N !== null && !rules.lengths.includes(N)) {
    findings.push(
      finding(
        'match-length',
        'warning',
        `${rules.name} matches are played to ${rules.lengths.join(', ')} points, not ${N}`,
        { line: record.line },
      ),
    );
  }
}

/**
 * Whether the games' start scores are followed. A money session's score lines are checked when
 * its writer keeps a running total there (some line is not 0-0); a .mat cannot write automatic
 * doubles, so a difference they explain is only a warning (score-line.ts; GNU Backgammon's s02).
 * A match whose length is past any (a number-out-of-range finding) cannot be followed.
 */
function followsScore(record: MatchRecord, rules: RuleSet): boolean {
  if (!rules.money && record.length !== null) return true;
  return (
    rules.money && record.games.some((g) => g.startScore !== null && (g.startScore[0] !== 0 || g.startScore[1] !== 0))
  );
}

/** A record that starts later in a match (its first game is not game 1, or starts from a set position) starts from its own score. */
function recordStart(record: MatchRecord, rules: RuleSet): [number, number] | null {
  const first = record.games[0];
  const start = first?.startScore;
  // A money session's record may go on from an earlier one: no game before its first says otherwise.
  if (rules.money && start && start[0] + start[1] > 0) return start;
  if (!start || (first.setup?.sides === undefined && !(first.number > 1 && start[0] + start[1] > 0))) return null;
  return start;
}

/** Findings made before the audit (parse errors) that belong to a game: by the index of the first game with that number. */
function byFirstGame(record: MatchRecord, extra: Finding[]): Map<number, Finding[]> {
  const out = new Map<number, Finding[]>();
  for (const f of extra) {
    if (f.game === undefined) continue;
    const index = record.games.findIndex((g) => g.number === f.game);
    if (index === -1) continue;
    const list = out.get(index);
    if (list) list.push(f);
    else out.set(index, [f]);
  }
  return out;
}

/**
 * One game audited: its verdict, the findings the audit made about it in file order, and the
 * match after it. `extra`: findings made before the audit that belong to the game (parse errors),
 * listed after its own in the verdict (the match's list has them already).
 */
function auditGame(
  game: GameRecord,
  index: number,
  r: GameReplay,
  ctx: MatchContext,
  before: MatchSoFar,
  extra: Finding[] | undefined,
): { verdict: GameVerdict; own: Finding[]; progress: MatchSoFar } {
  const { rules, record } = ctx;
  const N = appliedLength(record, rules);
  const start = startScoreOf(game, index, r, ctx, before);
  const score = start.score;
  const { crawford, crawfordHere, scored, cube, doubles, cubeFound } = start.game;
  const postCrawford = rules.crawford && before.crawfordPlayed;

  const own: Finding[] = [];
  if (start.line) own.push(start.line);
  sequenceFindings(own, game, index, ctx, before);
  append(own, r.findings);
  if (game.findings) append(own, game.findings);
  const jacobyFound = ctx.jacobyByGame.get(game.number);
  if (jacobyFound) append(own, jacobyFound);
  startFindings(own, game, r, rules);
  append(own, cubeFound);
  append(own, scored.findings);
  if (r.termination === 'unfinished' && index !== record.games.length - 1) {
    own.push(
      gameFinding(game, 'game-unfinished', 'error', 'the game has no result and no end, yet another game follows it'),
    );
  }
  const ending = scored.ending;
  const finalMatch = finalState(r, ending, rules, N, score, crawford);
  if (finalMatch === null && N !== null && !r.cubeUnknown) own.push(noIds(game, scored, score));
  const final = finalMatch !== null && ctx.finalPositions ? finalIds(r, finalMatch, rules.beavers) : null;
  sortByPlace(own);
  const state = { score, crawford, length: N, jacoby: rules.jacoby, beavers: rules.beavers };
  if (ctx.findingPositions && own.length > 0)
    attachPositions(game, r, own, final, state, ctx.replayOptions, ctx.source);
  if (!rules.money) resignValueFromNextLine(own, game, record.games[index + 1], score, cube, rules);
  attachFixes(own, index, record, ctx.source);

  const matchPlay = !rules.money && N !== null;
  // The ending's fields spread in the schema's order; what observers add to it comes after them.
  const verdict: GameVerdict = {
    game: game.number,
    line: game.line,
    startScore: { recorded: game.startScore, computed: start.computed },
    crawford: matchPlay ? crawford : null,
    postCrawford: matchPlay ? postCrawford : null,
    cube: cube === null ? null : { value: cube, owner: r.cube.owner },
    doubles,
    ...ending,
    final,
    findings: extra ? own.concat(extra) : own,
  };
  if (ctx.judged.length > 0) {
    const judged: GameJudged = { verdict, final, state, replayOptions: ctx.replayOptions };
    for (const o of ctx.judged) o.judged?.(game, r, index, judged);
  }
  const moves = movesOf(game, scored, cube, rules);
  const next = start.next ?? [score];
  return { verdict, own, progress: after(before, { game, score, crawfordHere, scored, cube, moves, from: next }, ctx) };
}

/** The game scored from one start score: whether it is the Crawford game, its points, its cube. */
interface ScoredFrom {
  /** The Crawford game as the start score and the play both have it. */
  crawford: boolean;
  /** The Crawford game as the start score has it. */
  crawfordHere: boolean;
  scored: GameScore;
  cube: number | null;
  doubles: number;
  cubeFound: readonly Finding[];
}

function scoreFrom(
  game: GameRecord,
  index: number,
  r: GameReplay,
  ctx: MatchContext,
  before: MatchSoFar,
  score: [number, number],
): ScoredFrom {
  const { rules } = ctx;
  const N = appliedLength(ctx.record, rules);
  const crawfordHere = isCrawford(rules, N, score, before.crawfordPlayed);
  const played = before.played;
  const crawford = crawfordHere && (!ctx.followsScore || isCrawford(rules, N, played.score, played.crawfordPlayed));
  return { crawford, crawfordHere, ...scoreWithCube(game, index, r, ctx, score, crawford) };
}

/** The game at `score` is the Crawford game: a side one point from the length, no Crawford game yet. */
function isCrawford(rules: RuleSet, N: number | null, score: Score, crawfordPlayed: boolean): boolean {
  return rules.crawford && N !== null && !crawfordPlayed && (score[0] === N - 1 || score[1] === N - 1);
}

/** How the score lines credit a game: to the match length, or up to a money session's cap. */
function creditingOf(ctx: MatchContext): Crediting {
  return { money: ctx.rules.money, length: ctx.record.length, pointsCap: ctx.rules.pointsCap };
}

/** What the game may add to the score: its result line's winner and points, and its play's where they differ. */
function movesOf(game: GameRecord, scored: GameScore, cube: number | null, rules: RuleSet): GameMoves {
  const readings: GameMoves['readings'] = [];
  const written = game.result;
  if (written !== null && written.points !== null) readings.push({ winner: written.winner, points: written.points });
  const { winner, points, termination } = scored.ending;
  const played = points.nominal;
  if (winner !== null && played !== null && !readings.some((x) => x.winner === winner && x.points === played))
    readings.push({ winner, points: played });
  // A resignation is worth what its result line says, unless it ends the match (nardy).
  const resigned = termination === 'resign' && !(rules.resignEndsMatch && !rules.money);
  const how = resigned
    ? 'ended by resignation'
    : termination === null
      ? 'could not be replayed to its end'
      : 'was played on a cube past the largest there can be';
  const values = resigned && cube !== null ? rules.multipliers.map((m) => m * cube) : null;
  return { readings, unchecked: resigned || termination === null || played === null, how, values };
}

/**
 * The score the game starts at, and its score line judged against what the record's results
 * add up to. A score line that agrees with them, or that automatic doubles explain (a warning),
 * is where the game starts. One that does not is a finding; the next score line tells whether
 * the game starts where the results say (it follows them) or where this line says (it goes on
 * from this one), and the game is scored from there. A game after the match has no place in the
 * match's score: its line is not judged (game-after-match says what is wrong with it).
 */
function startScoreOf(
  game: GameRecord,
  index: number,
  r: GameReplay,
  ctx: MatchContext,
  before: MatchSoFar,
): {
  score: [number, number];
  game: ScoredFrom;
  line: Finding | null;
  computed: [number, number] | null;
  /** The starts the game may have had, as the scores after it are counted from; undefined: `score` only. */
  next?: Score[];
} {
  if (!ctx.followsScore) {
    const running: [number, number] = [before.running[0], before.running[1]];
    return { score: running, game: scoreFrom(game, index, r, ctx, before, running), line: null, computed: null };
  }
  const expected = before.expected;
  const [s0, s1] = itemAt(expected, 0);
  const shown: [number, number] = [s0, s1];
  const recorded = game.startScore;
  if (recorded === null || before.won !== null) {
    const score: [number, number] = recorded ? [recorded[0], recorded[1]] : shown;
    const next = recorded ? undefined : expected;
    return { score, game: scoreFrom(game, index, r, ctx, before, score), line: null, computed: shown, next };
  }
  const asRecorded: [number, number] = [recorded[0], recorded[1]];
  const fromLine = scoreFrom(game, index, r, ctx, before, asRecorded);
  if (expected.some((e) => e[0] === recorded[0] && e[1] === recorded[1]))
    return { score: asRecorded, game: fromLine, line: null, computed: asRecorded };
  const nextLine = ctx.record.games[index + 1]?.startScore ?? null;
  const moves = movesOf(game, fromLine.scored, fromLine.cube, ctx.rules);
  const judged = judgeLine(asRecorded, expected, nextLine, moves, creditingOf(ctx));
  // Automatic doubles may explain the line, unless the next line follows the results and not it:
  // then this line alone is wrong, and reading it as right would blame the next, right, one.
  const auto = autoDoubleFinding(game, ctx.record, ctx.rules, shown, before.last);
  if (auto && !(judged.kind === 'wrong' && judged.follows === 'results'))
    return { score: asRecorded, game: fromLine, line: auto, computed: shown };
  if (judged.kind === 'agrees') return { score: asRecorded, game: fromLine, line: null, computed: asRecorded };
  const line = scoreLineFinding(game, judged, before.last, expected.length === 1, nextLine === null);
  const computed: [number, number] = [judged.expected[0], judged.expected[1]];
  if (judged.follows === 'line') return { score: asRecorded, game: fromLine, line, computed };
  if (judged.follows === 'neither')
    return { score: asRecorded, game: fromLine, line, computed, next: [...expected, asRecorded] };
  const score: [number, number] = [judged.start[0], judged.start[1]];
  return { score, game: scoreFrom(game, index, r, ctx, before, score), line, computed };
}

/**
 * Whether the match was won beyond doubt, so that a game after it may be removed (its fix): won
 * by a game whose points the board gives or whose result says it won the match (not only by a
 * resignation's value, which the record alone says), with nothing wrong or doubtful in the record
 * up to it (an error or a warning: a wrong score or result may be what ended the match early).
 */
function wonForCertain(won: MatchWon | null, findings: readonly Finding[]): boolean {
  return (
    won !== null &&
    won.sure &&
    !findings.some((f) => f.severity !== 'info' && (f.game === undefined || f.game <= won.game))
  );
}

/**
 * Whether the games after the match was won are ones the record did not count, so that removing
 * them is certain. Where one game after it starts at the score the one before it started at plus
 * the points that game's result gives, the record keeps the score on past the win: the match went
 * on, and the length is what is written wrong.
 */
function uncounted(record: MatchRecord, wonAt: number | null): boolean {
  if (wonAt === null) return true;
  const after = record.games.slice(wonAt + 1);
  return !after.some((g, k) => {
    const next = after[k + 1];
    const result = g.result;
    if (next === undefined || result === null || result.points === null || result.points <= 0) return false;
    const [from, to] = [g.startScore, next.startScore];
    if (from === null || to === null) return false;
    const w = result.winner;
    return to[w] === from[w] + result.points && to[1 - w] === from[1 - w];
  });
}

/** Where the game stands in the match's sequence, into `own`: its label, a game after the match was won. */
function sequenceFindings(
  own: Finding[],
  game: GameRecord,
  index: number,
  ctx: MatchContext,
  before: MatchSoFar,
): void {
  const wonBy = before.won?.game ?? null;
  const firstNumber = ctx.start ? itemAt(ctx.record.games, 0).number : 1;
  if (game.number !== index + firstNumber)
    own.push(
      gameFinding(game, 'game-number', 'warning', `game ${index + 1} of the match is labelled 'Game ${game.number}'`),
    );
  if (wonBy !== null && (!ctx.followsScore || before.played.won))
    own.push(
      gameFinding(game, 'game-after-match', 'error', `the match was won in game ${wonBy}; no game may follow it`, {
        correction: { kind: 'remove-game' },
      }),
    );
}

/** How the game starts, into `own`: an opening double, automatic doubles in a match. */
function startFindings(own: Finding[], game: GameRecord, r: GameReplay, rules: RuleSet): void {
  const first = r.firstRoll;
  if (rules.openingRollSplit && first && !game.setup?.sides && first.dice[0] === first.dice[1]) {
    own.push(
      finding(
        'opening-double',
        'error',
        `the game opens with ${first.dice.join('-')}: the opening roll is one die each, so it is never a double`,
        {
          game: game.number,
          line: first.line,
          column: first.column,
        },
      ),
    );
  }
  const setup = game.setup;
  const autoDoubles = setup?.autoDoubles ?? 0;
  if (setup && autoDoubles > 0 && !rules.money) {
    const message = `the game starts with the cube at ${2 ** autoDoubles} (automatic doubles), which match play does not allow; it is scored with that cube`;
    own.push(gameFinding(game, 'auto-double-in-match', 'error', message, { line: setup.line }));
  }
}

/**
 * The game scored with its cube, and its cube actions judged (their findings in `cubeFound`). The
 * federation's ruling scores a Crawford-game double as if it had not been made: what the record
 * gives with the cube as played is said on the crawford-double finding instead.
 */
function scoreWithCube(
  game: GameRecord,
  index: number,
  r: GameReplay,
  ctx: MatchContext,
  score: [number, number],
  crawford: boolean,
): { scored: GameScore; cube: number | null; doubles: number; cubeFound: readonly Finding[] } {
  const { rules, names } = ctx;
  // One walk of the cube log: doubles offered (beavers and raccoons too), a double, a take.
  let doubles = 0;
  let doubled = false;
  let cubeTurned = false;
  for (const e of r.cubeLog) {
    if (e.kind === 'double') {
      doubles++;
      doubled = true;
    } else if (e.kind === 'beaver' || e.kind === 'raccoon') doubles++;
    else if (e.kind === 'take') cubeTurned = true;
  }
  const crawfordDouble = crawford && doubled;
  const asRecorded = r.cubeUnknown ? null : r.cube.value; // null: a double past the largest cube was taken
  const cube = crawfordDouble ? cubeBeforeFirstDouble(r.cubeLog) : asRecorded;
  const context: PointsContext = {
    rules,
    length: ctx.record.length,
    score,
    cube,
    cubeTurned,
    names,
    // A forfeit written as a comment at the record's end.
    forfeit: index === ctx.record.games.length - 1 ? forfeitNote(game) : null,
    explained: undefined,
  };
  const asPlayed = crawfordDouble ? scoreGame(game, r, { ...context, cube: asRecorded }).ending.points.nominal : null;
  context.explained = asPlayed ?? ctx.jacoby?.explained.get(index);
  const scored = scoreGame(game, r, context);
  let cubeFound: readonly Finding[] = [];
  if (r.cubeLog.length > 0) {
    const written = game.result?.points ?? null;
    const crawfordRuling =
      crawfordDouble && written !== null ? { recorded: written, expected: scored.ending.points.nominal } : undefined;
    cubeFound = cubeFindings(r.cubeLog, { game: game.number, rules, crawfordGame: crawford, names, crawfordRuling });
  }
  return { scored, cube, doubles, cubeFound };
}

/** Values within their bounds, but a money session's running score past what the Match ID holds. */
function noIds(game: GameRecord, scored: GameScore, score: [number, number]): Finding {
  const after: [number, number] = [score[0], score[1]];
  const { winner, points } = scored.ending;
  if (winner !== null && points.nominal !== null) after[winner] += points.nominal;
  const message = `no Position ID, Match ID or XGID for this game: the score ${after.join('-')} is more than a Match ID holds (at most ${MAX_POINTS} a side)`;
  return gameFinding(game, 'number-out-of-range', 'info', message);
}

/** A game as it was judged, for the match's progress past it. */
interface GameJudgement {
  game: GameRecord;
  /** The score it was played from. */
  score: [number, number];
  /** It is the Crawford game, as its start score has it. */
  crawfordHere: boolean;
  scored: GameScore;
  cube: number | null;
  moves: GameMoves;
  /** The starts the game may have had, as the record's results add up. */
  from: readonly Score[];
}

/**
 * The match after the game: the score credited from its start, the scores the record's results
 * add up to, the Crawford game played as the start score has it, the game that won it, the
 * play's story.
 */
function after(before: MatchSoFar, judged: GameJudgement, ctx: MatchContext): MatchSoFar {
  const { game, score, crawfordHere, scored, cube, moves, from } = judged;
  const running: [number, number] = [score[0], score[1]];
  const { winner, points } = scored.ending;
  const forfeit = scored.forfeitAfter;
  if (before.won === null) {
    if (winner !== null && points.credited !== null) running[winner] += points.credited;
    if (forfeit !== null) running[forfeit.winner] += forfeit.points;
  }
  const won = before.won ?? (scored.winsMatch ? matchWon(game, scored) : null);
  const expected = ctx.followsScore ? advance(from, moves, creditingOf(ctx)) : before.expected;
  const last: LastGame = { number: game.number, start: score, winner, nominal: points.nominal, cube, moves };
  const crawfordPlayed = before.crawfordPlayed || crawfordHere;
  return { running, expected, crawfordPlayed, won, played: playedAfter(before.played, scored, moves, ctx), last };
}

/** The play's story after the game: its points (the result line's where the play cannot value it) credited. */
function playedAfter(before: Played, scored: GameScore, moves: GameMoves, ctx: MatchContext): Played {
  const N = appliedLength(ctx.record, ctx.rules);
  const crawfordPlayed = before.crawfordPlayed || isCrawford(ctx.rules, N, before.score, before.crawfordPlayed);
  const { winner, points, termination } = scored.ending;
  const reading =
    termination !== null && winner !== null && points.nominal !== null
      ? { winner, points: points.nominal }
      : moves.readings[0];
  if (reading === undefined) return { score: before.score, crawfordPlayed, won: before.won };
  const score = itemAt(advance([before.score], { ...moves, readings: [reading] }, creditingOf(ctx)), 0);
  const won = before.won || (!ctx.rules.money && N !== null && N > 0 && score[reading.winner] >= N);
  return { score, crawfordPlayed, won };
}

/** The match won by game `record`: by a forfeit after it, by a forfeit in it, or by its points. */
function matchWon(record: GameRecord, scored: GameScore): MatchWon {
  const game = record.number;
  const forfeit = scored.forfeitAfter;
  if (forfeit !== null) return { game, winner: forfeit.winner, how: 'forfeit', sure: false };
  const { winner, termination } = scored.ending;
  if (winner === null) throw new Error('internal error: a game that wins the match has no winner');
  return {
    game,
    winner,
    how: termination === 'forfeit' ? 'forfeit' : 'played-out',
    sure: termination === 'bearoff' || termination === 'drop' || record.result?.andMatch === true,
  };
}

/**
 * How the match ended, worked out once here: the finding of a match that stops, the summary, the
 * per-match CSV, the standings and the results check read it. A match of unknown length (past any:
 * a number-out-of-range finding) is not followed; a money session has nothing to win, but is
 * abandoned when it stops in the middle of a game (one with something played and no end: what it
 * was worth, and so the session's total, is not known; a game with nothing played is a stub).
 */
function matchResult(
  record: MatchRecord,
  rules: RuleSet,
  progress: MatchSoFar,
  replays: readonly GameReplay[],
): MatchResult {
  const finalScore: [number, number] = [progress.running[0], progress.running[1]];
  if (rules.money) {
    const last = record.games.length - 1;
    const cut =
      last >= 0 && itemAt(replays, last).termination === 'unfinished' && itemAt(record.games, last).actions.length > 0;
    return { finalScore, winner: null, ending: cut ? 'abandoned' : 'money', wonBy: null };
  }
  if (record.length === null) return { finalScore: null, winner: null, ending: 'unknown', wonBy: null };
  const won = progress.won;
  if (won === null) return { finalScore, winner: null, ending: 'abandoned', wonBy: null };
  return { finalScore, winner: won.winner, ending: won.how, wonBy: won.game };
}

/** The record stops before anybody has won the match, or a money session mid-game: said on the line where it stops. */
function matchUnfinished(record: MatchRecord, rules: RuleSet, result: MatchResult): Finding | null {
  const N = record.length;
  const last = record.games.at(-1);
  if (result.ending !== 'abandoned' || last === undefined) return null;
  if (rules.money) {
    const message =
      'the money session stops in the middle of this game: it has no result and no end, so what it was worth is not known';
    return finding('match-unfinished', 'warning', message, { line: lastLine(last), game: last.number });
  }
  if (N === null || N <= 0 || result.finalScore === null) return null;
  const message = `the record stops at ${result.finalScore.join('-')} in ${aOrAn(N)} ${N}-point match: nobody has won it`;
  return finding('match-unfinished', 'warning', message, { line: lastLine(last) });
}

/** Read and replayed whole: no unreadable line, no game stopped before its end (the duplicate check). */
function wholeMatch(record: MatchRecord, replays: GameReplay[], extra: readonly Finding[]): boolean {
  return (
    !extra.some((f) => f.code === 'parse-error') &&
    record.games.every((g) => g.unreadableFrom === null) &&
    replays.every((r) => r.termination !== null)
  );
}
