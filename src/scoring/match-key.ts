// A match's content as a compact key, for the duplicate check: two records of one match get the
// same key whatever their file name, folder, line ends, encoding, header comments, column layout
// or format (a .mat and its .sgf), and two matches that differ in one roll do not.
//
// What is hashed: the players, the length, and for each game every roll the replay plays (the
// roller, the dice in order of size, the board before it — so each move is hashed by where it
// left the checkers, not by how it was written), every double, redouble and drop (who, which),
// every roll the record writes, the final board, the recorded result (its winner, and in match
// play its points as the match credits them: a writer that caps the match-winning game and one
// that writes its nominal points agree), the rule set and variant, and how the audit found each
// game ended. A match not read whole (a line the reader could not read) or not replayed whole (a
// move the replay could not make) is keyed by what can be read, so that two copies of a damaged
// file are found equal: past where the replay stopped, each action as the reader read it (the
// dice, the moves' points, the cube action); from a game's unreadable line to the game's end (the
// last game's: its last line the record knows), each line's text with its whitespace collapsed,
// by its place in the game (the reader keeps no action past that line); and each unreadable line
// the reader met, by its game, place and text.
// A damaged match's stream ends with a tag no whole match's has.
//
// The content goes in as a stream of 32-bit words, each item behind a tag and each text behind
// its length, so that two different matches never make the same stream; the key is 128 bits of
// the stream's SHA-256. Two different matches share a key only if SHA-256 collides on those 128
// bits: about n² / 2^129 for n matches by chance, and no known way to make it happen on purpose.
// Equal keys are therefore taken as equal content, with no second look at the records.
//
// Beside the key goes what it leaves out (`Aside`): the headers, score lines, comments and result
// lines as written, each reduced to a small hash with its kind and line, and the match's error
// count. The duplicate check says with them where two copies of a match differ and which has errors.
import { sha256Hex } from '../core/sha256.js';
import type { CubeEvent, GameReplay, ReplayObserver } from '../engine/replay.js';
import type { AuditObserver, MatchEnd } from './observer.js';
import type { Position } from '../engine/board.js';
import type {
  Action,
  Aside,
  AuditedMatch,
  ContentKey,
  Finding,
  GameRecord,
  GameVerdict,
  MatchRecord,
  RollAction,
} from '../core/model.js';
import { itemAt } from '../core/at.js';
import type { SourceText } from '../read/source-text.js';

/** The kinds of a record's parts the key leaves out, as `Aside.parts` numbers them. */
export const PART_KINDS = ['header', 'score line', 'result', 'comment'] as const;

/** A part's hash: this many bits, its kind in the two bits below them (a part fits 16 bits). */
const PART_HASH_BITS = 14;

export type { Aside, ContentKey } from '../core/model.js';

/** The largest buffer kept for the next match's stream, in words. */
const SPARE_WORDS = 1 << 20;

/**
 * The buffer the word streams of many matches share, one after the other: whoever keys many
 * matches (a worker's batch) makes one and passes it to each `MatchKey`. A buffer a match, grown
 * to the match's size, was most of the key's cost.
 */
export class KeyBuffer {
  spare: Int32Array | null = null;
}

/**
 * The stream of words a match is hashed from, grown as it fills. It takes its buffer's spare
 * words, and gives them back once digested (the one time it is).
 */
class WordStream {
  private words: Int32Array;
  /** The same memory as bytes, where boards are copied. */
  private bytes: Uint8Array;
  private n = 0;

  constructor(private readonly buffer: KeyBuffer) {
    this.words = buffer.spare ?? new Int32Array(4096);
    this.bytes = new Uint8Array(this.words.buffer);
    buffer.spare = null;
  }

  word(w: number): void {
    if (this.n === this.words.length) this.grow();
    this.words[this.n++] = w;
  }

  text(s: string): void {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
  }

  /**
   * `tag`, then the board: each side's 26 counts as bytes, copied whole (thirteen words). Copying
   * the two arrays is a memory copy each; packing the counts into fewer words read every count
   * one at a time, at every roll, and cost more than the longer digest it saved.
   */
  taggedBoard(tag: number, pos: Position): void {
    if (this.n + 1 + BOARD_WORDS > this.words.length) this.grow();
    const a = pos.sides[0];
    const b = pos.sides[1];
    if (a.length !== POINTS || b.length !== POINTS) throw new Error('internal error: a board side is not 26 counts');
    this.words[this.n] = tag;
    const at = (this.n + 1) * 4;
    this.bytes.set(a, at);
    this.bytes.set(b, at + POINTS);
    this.n += 1 + BOARD_WORDS;
  }

  get length(): number {
    return this.n;
  }

  /** Drops the words from `n` on. */
  truncate(n: number): void {
    this.n = n;
  }

  digest(): string {
    const bytes = new Uint8Array(this.words.buffer, 0, this.n * 4);
    const digest = sha256Hex(bytes).slice(0, 32);
    // Kept for the next match unless a very long one grew it (it is not held past that size).
    if (this.words.length <= SPARE_WORDS) this.buffer.spare = this.words;
    this.words = new Int32Array(0);
    this.bytes = new Uint8Array(0);
    this.n = 0;
    return digest;
  }

  private grow(): void {
    const bigger = new Int32Array(Math.max(1024, this.words.length * 2));
    bigger.set(this.words);
    this.words = bigger;
    this.bytes = new Uint8Array(bigger.buffer);
  }
}

/** A side's counts: the bar, the 24 points and the checkers off. */
const POINTS = 26;
/** The words of a board: both sides' counts, a byte each. */
const BOARD_WORDS = (2 * POINTS) / 4;

/** Each item of the stream starts with a word whose low four bits say what it is. */
const TAG = {
  roll: 1,
  cube: 2,
  game: 3,
  end: 4,
  final: 5,
  unplayed: 6,
  match: 7,
  forfeit: 8,
  /** A game not replayed or not read to its end: what follows is what the reader read. */
  rest: 9,
  /** An action past where the replay stopped, as read. */
  read: 10,
  /** A line of text from a game's unreadable line on. */
  line: 11,
  /** A line the reader could not read (a parse error). */
  unreadable: 12,
  /** The end of a damaged match's stream. */
  damaged: 13,
} as const;
/** An action's type as the words of an action past the replay number it. */
const ACTION = { roll: 1, double: 2, take: 3, drop: 4, resign: 5 } as const;
const MARKER = { 'cannot-move': 1, unknown: 2, 'illegal-play': 3 } as const;
/**
 * The most characters of a line the key takes: a one-line SGF collection holds many matches, and
 * each damaged one hashes the line.
 */
const LINE_TEXT_MOST = 1 << 16;
/**
 * Cube actions as the key sees them. A take is left out: a double not dropped was taken, and
 * writers differ on writing it (a .mat leaves out the take after a beaver, its .sgf writes it).
 * A beaver and a raccoon are both a redouble on a pending double (writers name the second one
 * either way).
 */
const CUBE_KIND = { double: 1, beaver: 2, raccoon: 2, take: 0, drop: 3 } as const;

/**
 * Hashes a match as its audit replays its games (an observer attached to the audit, made for the
 * match): each roll and cube event as the replay meets them, each game's end, then the match as
 * the audit judged it (and what the reader read of a damaged match), into the report's `contentKey`.
 */
export class MatchKey implements AuditObserver {
  private readonly stream: WordStream;
  /** Rolls the replay played in the current game. */
  private played = 0;
  /** The last roll the replay played, and where its words start and end. */
  private lastRoll: RollAction | null = null;
  private lastRollAt = 0;
  private lastRollEnd = 0;
  /** Each game's recorded result, as winner and points (hashed once the rules say whether points count). */
  private readonly results: ({ winner: 0 | 1; points: number | null } | null)[] = [];
  /** The match's error findings, counted at its end. */
  private errors = 0;
  /** The lines of text a damaged match's stream holds (made for a damaged match only). */
  private linesHashed: Set<number> | null = null;

  constructor(
    private readonly record: MatchRecord,
    buffer = new KeyBuffer(),
    /** The text the record was read from: an unreadable line's words (none: its place alone). */
    private readonly source?: SourceText,
  ) {
    this.stream = new WordStream(buffer);
    this.stream.text(record.players[0].trim());
    this.stream.text(record.players[1].trim());
    this.stream.word(record.length ?? -1);
  }

  readonly replay: ReplayObserver = {
    roll: (a: RollAction, pos: Position) => {
      this.played++;
      this.lastRoll = a;
      this.lastRollAt = this.stream.length;
      const d1 = a.dice[0];
      const d2 = a.dice[1];
      const high = d1 > d2 ? d1 : d2;
      this.stream.taggedBoard(TAG.roll | (a.side << 4) | (high << 8) | ((d1 + d2 - high) << 12), pos);
      this.lastRollEnd = this.stream.length;
    },
    cube: (e: CubeEvent) => {
      const kind = CUBE_KIND[e.kind];
      if (kind !== 0) this.stream.word(TAG.cube | (e.side << 4) | (kind << 8));
    },
  };

  startGame(): undefined {
    this.stream.word(TAG.game);
    this.played = 0;
    this.lastRoll = null;
    return undefined;
  }

  /** After the game's replay: its final board and recorded result. */
  endGame(game: GameRecord, replayed: GameReplay, index: number): void {
    const final = replayed.final;
    // A last roll written with a placeholder for its move (Studio's `63: ????`, rolled and then
    // resigned) is a roll not played: GNU Backgammon's .sgf of the record leaves it out.
    const last = game.actions.at(-1);
    if (
      last !== undefined &&
      last === this.lastRoll &&
      last.marker === 'unknown' &&
      last.moves.length === 0 &&
      this.stream.length === this.lastRollEnd
    ) {
      this.stream.truncate(this.lastRollAt); // and not hashed below: it was played
    }
    this.stream.taggedBoard(TAG.final, final);
    // The rolls the record writes past those the replay played (it may go on past the game's end):
    // the replay plays a prefix of them, hashed already with their boards.
    let skip = this.played;
    for (const a of game.actions) {
      if (a.type !== 'roll' || skip-- > 0) continue;
      const [d1, d2] = a.dice;
      this.stream.word(TAG.unplayed | (a.side << 4) | ((d1 > d2 ? d1 : d2) << 8) | ((d1 > d2 ? d2 : d1) << 12));
    }
    if (replayed.termination === null || game.unreadableFrom !== null) this.rest(game, replayed, index);
    const r = game.result;
    this.stream.word(TAG.end | ((r ? r.winner + 1 : 0) << 4));
    this.results.push(r && { winner: r.winner, points: r.points });
  }

  /**
   * What the replay did not play of a damaged game, as read: the actions from the roll it stopped
   * at (its moves were not played, so not hashed by the board they leave), then the game's lines
   * from its unreadable one to the game's end.
   */
  private rest(game: GameRecord, replayed: GameReplay, index: number): void {
    this.stream.word(TAG.rest);
    if (replayed.termination === null) {
      const from = this.lastRoll === null ? 0 : Math.max(0, game.actions.indexOf(this.lastRoll));
      for (let k = from; k < game.actions.length; k++) this.action(itemAt(game.actions, k));
    }
    const source = this.source;
    if (game.unreadableFrom === null || source === undefined) return;
    // To the next game's start, or in the last game to its last line known (its result, its last
    // comment): a file read in pieces holds the match's lines, not those past it.
    const next = this.record.games[index + 1];
    const to = next === undefined ? lastKnownLine(game) : next.line - 1;
    for (let line = game.unreadableFrom; line <= to; line++) {
      const text = lineText(source, line);
      if (text === '') continue;
      this.stream.word(TAG.line);
      this.stream.word(line - game.line);
      this.lineOnce(line, text);
    }
  }

  /** An action as read: its kind, side and values; a roll's dice by size, its marker and its moves' points. */
  private action(a: Action): void {
    const s = this.stream;
    s.word(TAG.read | (ACTION[a.type] << 4) | (a.side << 8));
    switch (a.type) {
      case 'roll': {
        const [d1, d2] = a.dice;
        s.word((d1 > d2 ? d1 : d2) | ((d1 > d2 ? d2 : d1) << 8) | ((a.marker === null ? 0 : MARKER[a.marker]) << 16));
        s.word(a.moves.length);
        for (const m of a.moves) {
          s.word(m.points.length | (m.repeat << 16));
          for (const p of m.points) s.word(p);
        }
        break;
      }
      case 'double':
        s.word(CUBE_KIND[a.kind]);
        s.text(a.value === null ? '' : String(a.value));
        break;
      case 'resign':
        s.word(a.points ?? -1);
        break;
      default:
    }
  }

  /**
   * The recorded results' points as the match credits them, by the record's own results: a game
   * that wins the match is worth at most what its winner still needed (a Galaxy or Studio .mat
   * writes that; GNU Backgammon's .sgf of it the game's nominal points). A money session's points
   * are left out: a .mat cannot write automatic doubles, so its twin .sgf may score the game higher.
   */
  private creditedPoints(money: boolean): void {
    const score = [0, 0];
    const length = this.record.length;
    for (const r of this.results) {
      if (money || r === null || r.points === null) {
        this.stream.word(money ? -2 : -1);
        continue;
      }
      const needed = length === null ? Infinity : length - itemAt(score, r.winner);
      const credited = needed > 0 && r.points > needed ? needed : r.points;
      score[r.winner] = itemAt(score, r.winner) + credited;
      this.stream.word(credited);
    }
  }

  /** After the audit: the key into the report's `contentKey`. */
  endMatch(report: AuditedMatch, end: MatchEnd): void {
    // Nothing played and nothing recorded (an SGF stub `(;GM[6])`): no content to repeat another's.
    if (this.record.games.every((g) => g.actions.length === 0 && g.result === null && !g.setup)) return;
    this.matchEnd(end.rules, this.record.variant, report.games, report.findings);
    if (!end.whole) this.damaged(report.findings);
    report.contentKey = this.value();
  }

  /**
   * Each line the reader could not read: its game, its line there (or in the match), its text
   * (the finding's words for a line before the match's first, which a file read in pieces does
   * not hold with the match; one after its games is before the next match's, and held). Not its
   * column, which another column layout moves.
   */
  private damaged(findings: readonly Finding[]): void {
    let starts: Map<number, number> | null = null; // each game's line by its number, made once
    for (const f of findings) {
      if (f.code !== 'parse-error') continue;
      const line = f.line ?? 0;
      let from = this.record.line;
      if (f.game !== undefined) {
        starts ??= new Map(this.record.games.map((g) => [g.number, g.line]));
        from = starts.get(f.game) ?? from;
      }
      this.stream.word(TAG.unreadable);
      this.stream.word(f.game ?? -1);
      this.stream.word(line - from);
      if (this.source === undefined || line < this.record.line) this.stream.text(f.message);
      else this.lineOnce(line, lineText(this.source, line));
    }
    this.stream.word(TAG.damaged);
  }

  /**
   * A line's text, or none when this match's stream holds it already: a one-line SGF file holds
   * a whole match, each of whose unreadable games and lines would hash it again.
   */
  private lineOnce(line: number, text: string): void {
    const hashed = (this.linesHashed ??= new Set());
    this.stream.text(hashed.has(line) ? '' : text);
    hashed.add(line);
  }

  /**
   * The rules the games were judged by, how each game ended, and a forfeit of the match (one
   * written as a comment ends it as a result does: it is not the abandoned twin).
   */
  private matchEnd(
    rules: { name: string; money: boolean },
    variant: string,
    games: readonly GameVerdict[],
    findings: readonly Finding[],
  ): void {
    this.stream.word(TAG.match);
    this.stream.word(this.results.length);
    this.creditedPoints(rules.money);
    this.stream.text(rules.name);
    this.stream.text(variant);
    this.stream.word(games.length);
    for (const g of games) this.stream.text(`${g.termination}:${g.winner}`);
    for (const f of findings)
      if (f.code === 'forfeit') {
        this.stream.word(TAG.forfeit);
        this.stream.text(`${f.game ?? 0}:${f.line ?? 0}`);
      }
    for (const f of findings) if (f.severity === 'error') this.errors++;
  }

  private value(): ContentKey {
    return { digest: this.stream.digest(), aside: asideOf(this.record, this.errors) };
  }
}

/**
 * Line `line` of `source`, its whitespace collapsed ('' for a blank line or one past the text),
 * up to LINE_TEXT_MOST characters.
 */
function lineText(source: SourceText, line: number): string {
  return source.excerpt(line, 1, undefined, LINE_TEXT_MOST).replace(/\s+/g, ' ');
}

/** The last line a game's record knows of: its start, its last action, its result, its comments. */
function lastKnownLine(game: GameRecord): number {
  let end = Math.max(game.line, game.scoreLine ?? 0, game.result?.line ?? 0, game.actions.at(-1)?.line ?? 0);
  for (const c of game.comments) if (c.line > end) end = c.line;
  return end;
}

/** FNV-1a over `text`'s code units, from `h`; a separator after it, so that two texts in a row are one way only. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return Math.imul(h ^ 0xffff, 16777619);
}

const FNV_START = 0x811c9dc5;

/** A part's hash `h`, mixed and cut to PART_HASH_BITS above its kind. */
function part(kind: number, h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return kind | ((h >>> (32 - PART_HASH_BITS)) << 2);
}

/**
 * What the key leaves out of `record`, as `Aside` holds it: the headers, then each game's score
 * line, then its comments and result by line, in the record's order (not sorted by line: a reader may give a
 * header it makes from a game's root the game's line or the next, and one record's parts would
 * then come in another order than its twin's).
 */
function asideOf(record: MatchRecord, errors: number): Aside {
  const parts: number[] = [];
  let end = record.line;
  const add = (p: number, line: number) => parts.push(p, line);
  for (const h of record.headers) add(part(0, fnv(fnv(FNV_START, h.key), h.value.trim())), h.line);
  for (const g of record.games) {
    const [a, b] = g.players;
    const score = g.startScore === null ? -1 : g.startScore[0] * 65536 + g.startScore[1];
    add(
      part(1, Math.imul(fnv(fnv(FNV_START ^ g.number, a.trim()), b.trim()) ^ score, 16777619)),
      g.scoreLine ?? g.line,
    );
    // The result among the game's comments, where its line puts it.
    const r = g.result;
    let resultDue = r !== null;
    const result = () => {
      if (r === null) return;
      const flags = r.winner | ((r.andMatch ? 1 : 0) << 1) | ((r.resigned ? 1 : 0) << 2);
      add(part(2, Math.imul(FNV_START ^ flags ^ ((r.points ?? -1) << 3), 16777619)), r.line);
      resultDue = false;
    };
    for (const c of g.comments) {
      if (resultDue && r !== null && r.line < c.line) result();
      add(part(3, fnv(FNV_START, c.text.trim())), c.line);
      if (c.line > end) end = c.line;
    }
    if (resultDue) result();
    const last = g.actions.at(-1);
    end = Math.max(end, g.line, r?.line ?? 0, last?.line ?? 0);
  }
  return { format: record.format, parts, end, errors };
}
