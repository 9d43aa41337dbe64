// Per-game statistics (the per-game CSV's columns): rolls, doublets and pips rolled,
// cube turns, takes and drops for each side, pip counts at the start, at each cube turn and at
// the end. Counted as the audit's own replay goes, through an observer the caller attaches to
// the audit (GameStatsObserver): no second walk, and nothing when the CSV does not ask. Pure: a
// counter per game.
import type { CubeEvent, GameObserver, GameReplay } from '../engine/replay.js';
import type { AuditObserver, GameJudged } from './observer.js';
import type { Position } from '../engine/board.js';
import type { CubeActions, CubeTurn, GameRecord, GameStats } from '../core/model.js';
import { byteAt, itemAt } from '../core/at.js';

/** A side's pip count: each checker's distance from being borne off, in its own numbering (25 the bar). */
function pips(side: Uint8Array): number {
  let n = 0;
  for (let p = 1; p <= 25; p++) n += p * byteAt(side, p);
  return n;
}

function pipsOf(pos: Position): [number, number] {
  return [pips(pos.sides[0]), pips(pos.sides[1])];
}

/** Each side's cube turns (doubles, beavers, raccoons), takes and drops in a game's cube log. */
function cubeActionsOf(log: readonly CubeEvent[]): CubeActions {
  const actions: CubeActions = { cubeTurns: [0, 0], takes: [0, 0], drops: [0, 0] };
  for (const e of log) {
    const counts = e.kind === 'take' ? actions.takes : e.kind === 'drop' ? actions.drops : actions.cubeTurns;
    counts[e.side]++;
  }
  return actions;
}

/**
 * Counts one game as the replay plays it: every roll it plays (the opening roll and a roll with
 * no legal move included; nothing past a move it cannot make or check, nor past the game's end),
 * every cube event it logs (a take the record leaves out included, as the replay reads it). The
 * rolls need no board: they are counted once the replay is over (`end`, which the audit calls
 * with the replay's `rolls`), from the prefix of the game's rolls it played, with no call per roll.
 */
export class GameStatsCounter implements GameObserver {
  /** Per side (side × 3 + k): rolls, doublets, pips rolled. */
  private readonly counts = new Int32Array(6);
  private pipsStart: [number, number] | null = null;
  private readonly cubeLog: CubeTurn[] = [];
  /** The cube turn still waiting for its answer. */
  private open: CubeTurn | null = null;

  start(pos: Position): void {
    this.pipsStart = pipsOf(pos);
  }

  end(game: GameRecord, rolls: number): void {
    const c = this.counts;
    const actions = game.actions;
    for (let i = 0, left = rolls; left > 0 && i < actions.length; i++) {
      const a = itemAt(actions, i);
      if (a.type !== 'roll') continue;
      left--;
      const at = a.side * 3;
      const d1 = a.dice[0];
      const d2 = a.dice[1];
      c[at] = itemAt(c, at) + 1;
      if (d1 === d2) {
        c[at + 1] = itemAt(c, at + 1) + 1;
        c[at + 2] = itemAt(c, at + 2) + 4 * d1;
      } else c[at + 2] = itemAt(c, at + 2) + (d1 + d2);
    }
  }

  cube(e: CubeEvent, pos: Position, rolls: number): void {
    if (e.kind === 'take' || e.kind === 'drop') {
      if (this.open !== null) this.open.response = e.kind;
      this.open = null;
      return;
    }
    if (this.open !== null && e.kind !== 'double') this.open.response = e.kind; // a beaver on a double, a raccoon on a beaver
    this.open = { roll: rolls + 1, side: e.side, kind: e.kind, value: e.offered, response: null, pips: pipsOf(pos) };
    this.cubeLog.push(this.open);
  }

  /** The game's statistics, with its final position and the cube events the replay logged (after `end`). */
  result(final: Position, cubeEvents: readonly CubeEvent[]): GameStats {
    const end = pipsOf(final);
    const cube = cubeActionsOf(cubeEvents);
    const c = this.counts;
    const pair = (k: number): [number, number] => [itemAt(c, k), itemAt(c, 3 + k)];
    return {
      rolls: pair(0),
      doublets: pair(1),
      pipsRolled: pair(2),
      cubeTurns: cube.cubeTurns,
      takes: cube.takes,
      drops: cube.drops,
      // The board before the first action (where the game ended too when it made none).
      pipsStart: this.pipsStart ?? end,
      pipsEnd: end,
      cubeLog: this.cubeLog,
    };
  }
}

/**
 * Each game's statistics into its verdict's `stats` (the per-game CSV): an observer attached to
 * one match's audit, a counter per game told of its replay's start and cube events.
 */
export class GameStatsObserver implements AuditObserver {
  private readonly counters: GameStatsCounter[] = [];

  startGame(_game: GameRecord, index: number): GameObserver {
    const counter = new GameStatsCounter();
    this.counters[index] = counter;
    return counter;
  }

  judged(game: GameRecord, r: GameReplay, index: number, judged: GameJudged): void {
    const counter = itemAt(this.counters, index);
    counter.end(game, r.rolls);
    judged.verdict.stats = counter.result(r.final, r.cubeLog);
  }
}

/** Each game's cube actions into its verdict's `cubeActions` (`players`: the cube columns alone); it keeps nothing, one serves every match. */
export const cubeActionsObserver: AuditObserver = {
  judged(_game: GameRecord, r: GameReplay, _index: number, judged: GameJudged): void {
    judged.verdict.cubeActions = cubeActionsOf(r.cubeLog);
  },
};
