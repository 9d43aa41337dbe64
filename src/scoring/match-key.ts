// A match's content as a compact key, for the duplicate check (issue 13): two records of one
// match get the same key whatever their file name, folder, line ends, encoding, header comments,
// column layout or format (a .mat and its .sgf), and two matches that differ in one roll do not.
//
// What is hashed: the players, the length, and for each game every roll the replay plays (the
// roller, the dice in order of size, the board before it — so each move is hashed by where it
// left the checkers, not by how it was written), every double, redouble and drop (who, which),
// every roll the record writes, the final board, the recorded result (its points in match play),
// the rule set and variant, and how the audit found each game ended. A match not read whole (a
// line the reader could not read) or not replayed whole (a move the replay could not make) has
// no key: what was not read cannot be found equal. A 53-bit key (cyrb53's mixing, two 32-bit lanes): the
// main thread keeps one number per match; at 10^6 matches two unequal ones share a key with
// probability about 6 × 10^-5.
import type { CubeEvent, ReplayObserver } from '../engine/replay.js';
import type { Position } from '../engine/board.js';
import type { Finding, GameRecord, GameVerdict, MatchRecord, RollAction } from '../model.js';

/**
 * Two 32-bit lanes, mixed a 32-bit word at a time. The lanes live in an Int32Array: a field
 * would hold a number past 2^30 boxed, read and written through memory at every word (that was
 * most of the key's cost); a board is mixed with the lanes in locals.
 */
class Hash53 {
  private readonly lanes = Int32Array.of(0xdeadbeef, 0x41c6ce57);

  word(n: number): void {
    const l = this.lanes;
    l[0] = Math.imul(l[0] ^ n, 2654435761);
    l[1] = Math.imul(l[1] ^ n, 1597334677);
  }

  text(s: string): void {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
  }

  /** 26 counts a side, four to a word (no read past the array: that is V8's slow path). */
  board(pos: Position): void {
    const l = this.lanes;
    let h1 = l[0];
    let h2 = l[1];
    for (let s = 0; s < 2; s++) {
      const side = pos.sides[s];
      for (let p = 0; p < 24; p += 4) {
        const n = side[p] | (side[p + 1] << 8) | (side[p + 2] << 16) | (side[p + 3] << 24);
        h1 = Math.imul(h1 ^ n, 2654435761);
        h2 = Math.imul(h2 ^ n, 1597334677);
      }
      const n = side[24] | (side[25] << 8);
      h1 = Math.imul(h1 ^ n, 2654435761);
      h2 = Math.imul(h2 ^ n, 1597334677);
    }
    l[0] = h1;
    l[1] = h2;
  }

  value(): number {
    const [a, b] = this.lanes;
    let h1 = Math.imul(a ^ (a >>> 16), 2246822507);
    h1 ^= Math.imul(b ^ (b >>> 13), 3266489909);
    let h2 = Math.imul(b ^ (b >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 2097152 * ((h2 >>> 0) & 2097151) + (h1 >>> 0);
  }
}

const TAG = { roll: 1, cube: 2, game: 3, end: 4 } as const;
/**
 * Cube actions as the key sees them. A take is left out: a double not dropped was taken, and
 * writers differ on writing it (a .mat leaves out the take after a beaver, its .sgf writes it).
 * A beaver and a raccoon are both a redouble on a pending double (writers name the second one
 * either way).
 */
const CUBE_KIND = { double: 1, beaver: 2, raccoon: 2, take: 0, drop: 3 } as const;

/** Hashes a match as its games are replayed: `observer` goes to each game's replay, `endGame` after it. */
export class MatchKey {
  private readonly hash = new Hash53();
  private readonly money: boolean;
  /** Rolls the replay played in the current game. */
  private played = 0;

  constructor(record: MatchRecord) {
    this.money = record.length === 0;
    this.hash.text(record.players[0].trim());
    this.hash.text(record.players[1].trim());
    this.hash.word(record.length ?? -1);
  }

  readonly observer: ReplayObserver = {
    roll: (a: RollAction, pos: Position) => {
      this.played++;
      const [d1, d2] = a.dice;
      this.hash.word(TAG.roll | (a.side << 4) | (Math.max(d1, d2) << 8) | (Math.min(d1, d2) << 12));
      this.hash.board(pos);
    },
    cube: (e: CubeEvent) => {
      const kind = CUBE_KIND[e.kind];
      if (kind !== 0) this.hash.word(TAG.cube | (e.side << 4) | (kind << 8));
    },
  };

  startGame(): void {
    this.hash.word(TAG.game);
    this.played = 0;
  }

  /**
   * After the game's replay: its final board and recorded result. A money session's points are
   * left out: a .mat cannot write automatic doubles, so its twin .sgf may score the game higher.
   */
  endGame(game: GameRecord, final: Position): void {
    this.hash.board(final);
    // The rolls the record writes past those the replay played (it may go on past the game's end):
    // the replay plays a prefix of them, hashed already with their boards.
    let skip = this.played;
    for (const a of game.actions) {
      if (a.type !== 'roll' || skip-- > 0) continue;
      const [d1, d2] = a.dice;
      this.hash.word(a.side | ((d1 > d2 ? d1 : d2) << 4) | ((d1 > d2 ? d2 : d1) << 8));
    }
    const r = game.result;
    this.hash.word(TAG.end | ((r ? r.winner + 1 : 0) << 4));
    if (!this.money) this.hash.word(r?.points ?? -1);
  }

  /**
   * After the audit: the rules the games were judged by, how each game ended, and a forfeit of
   * the match (one written as a comment ends it as a result does: it is not the abandoned twin).
   */
  endMatch(rules: string, variant: string, games: readonly GameVerdict[], findings: readonly Finding[]): void {
    this.hash.text(rules);
    this.hash.text(variant);
    for (const g of games) this.hash.text(`${g.termination}:${g.winner}`);
    for (const f of findings) if (f.code === 'forfeit') this.hash.text(`forfeit:${f.game ?? 0}:${f.line ?? 0}`);
  }

  value(): number {
    return this.hash.value();
  }
}
