// The dice of a file: read it, replay its games with an observer of each roll, and count the
// rolls per group. No findings kept; with the duplicate check, each match is audited for its
// content key alone (the key verify uses). Pure (bytes in, counts out); runs in the pool's
// workers for `bgaudit dice`.
import { BAR, type Position } from '../engine/board.js';
import { replay } from '../engine/replay.js';
import { newMoveScratch } from '../engine/moves.js';
import { openFile } from '../read/open.js';
import { readDecoded } from '../read/matches.js';
import { auditMatch } from '../scoring/audit.js';
import { type KeyBuffer, MatchKey } from '../scoring/match-key.js';
import type { RuleFlags } from '../scoring/rules.js';
import type { AuditedMatch, Finding, GameRecord, MatchRecord, RollAction } from '../core/model.js';
import type { SourceText } from '../read/source-text.js';
import { type DiceCounts, ENTRY_K, ROLLS, addCounts, entersFromBar, newCounts, openPoints, rollIndex } from './dice.js';
import { itemAt } from '../core/at.js';

export type GroupBy = 'archive' | 'player' | 'site' | 'file';

/** A group's name when the record does not say (no name, no site header). */
const UNKNOWN = 'unknown';

interface GroupCounts {
  key: string;
  counts: DiceCounts;
}

/** A match's content key, as the audit makes it for the duplicate check. */
type ContentKey = NonNullable<AuditedMatch['contentKey']>;

/** One file's dice: its groups' counts in the order first met; what was read. */
export interface FileDice {
  matches: number;
  games: number;
  groups: GroupCounts[];
}

/** How a file is read: by which groups; with content keys (the duplicate check). */
export interface CountOptions {
  by: GroupBy;
  /** When content keys are made: the rules (they decide how a game ended, which the key holds), the buffer the keys share. */
  keys?: { rules?: RuleFlags; buffer?: KeyBuffer };
  /** The most a binary file's records may inflate to (--max-file-size). */
  limit?: number;
}

/**
 * A match's content key as the duplicate check makes it, from what the reader gave with it: the
 * findings it takes besides its own (its parse errors: the key holds each one's place and text),
 * and the text its lines are in.
 */
function contentKeyOf(
  record: MatchRecord,
  audit: NonNullable<CountOptions['keys']>,
  extra: Finding[],
  source: SourceText,
): ContentKey | null {
  const key = new MatchKey(record, audit.buffer, source);
  const r = auditMatch(record, { rules: audit.rules, positions: false, extraFindings: extra, observe: [key] });
  return r.contentKey ?? null;
}

/** The record's site: a `Site` or `Place` header (SGF `PC` is read as Site), else unknown. */
export function siteOf(record: MatchRecord): string {
  const h = record.headers.find((x) => /^(site|place)$/i.test(x.key) && x.value.trim() !== '');
  return h ? h.value.trim() : UNKNOWN;
}

/** The groups of one file, by key, kept in the order first met. */
class Groups {
  readonly byKey = new Map<string, DiceCounts>();
  get(key: string): DiceCounts {
    let c = this.byKey.get(key);
    if (c === undefined) {
      c = newCounts();
      this.byKey.set(key, c);
    }
    return c;
  }
}

/**
 * Counts one roll: the opening apart; otherwise the roll, the pair it makes with the roller's
 * previous roll of the game (`last`, by side), and a bar entry when the roller has checkers on
 * the bar against 1 to 5 open points.
 */
function countRoll(c: DiceCounts, a: RollAction, pos: Position, opening: boolean, last: [number, number]): void {
  const k = rollIndex(a.dice[0], a.dice[1]);
  if (k < 0) return;
  if (opening) {
    c.opening[k] = itemAt(c.opening, k) + 1;
    return;
  }
  c.rolls[k] = itemAt(c.rolls, k) + 1;
  const prev = last[a.side];
  if (prev >= 0) c.pairs[ROLLS * prev + k] = itemAt(c.pairs, ROLLS * prev + k) + 1;
  last[a.side] = k;
  if (pos.sides[a.side][BAR] === 0) return;
  const open = openPoints(pos, a.side);
  if (open < 1 || open > ENTRY_K) return;
  c.entry[2 * (open - 1)] = itemAt(c.entry, 2 * (open - 1)) + 1;
  if (entersFromBar(pos, a.side, a.dice[0], a.dice[1]))
    c.entry[2 * (open - 1) + 1] = itemAt(c.entry, 2 * (open - 1) + 1) + 1;
}

/** The group of side `s`'s rolls in `game`. */
function keyOf(by: GroupBy, record: MatchRecord, game: GameRecord, s: 0 | 1, file: string, site: string): string {
  if (by === 'player') return game.players[s].trim() || record.players[s].trim() || UNKNOWN;
  if (by === 'site') return site;
  if (by === 'file') return file;
  return '';
}

/** Replays each game of `record`, counting its rolls into `groups`. */
function countMatch(record: MatchRecord, by: GroupBy, file: string, groups: Groups): void {
  const site = by === 'site' ? siteOf(record) : '';
  const work = newMoveScratch();
  for (const game of record.games) {
    const keys = [keyOf(by, record, game, 0, file, site), keyOf(by, record, game, 1, file, site)];
    // Made at a side's first roll: a player who never rolls is no group.
    const counts: (DiceCounts | null)[] = [null, null];
    const of = (s: 0 | 1): DiceCounts => (counts[s] ??= groups.get(itemAt(keys, s)));
    const last: [number, number] = [-1, -1];
    // A game set up from a position has no opening roll: its first roll is an ordinary one.
    const setUp = game.setup?.sides !== undefined;
    replay(
      game,
      {
        variant: record.variant,
        marksHits: record.marksHits,
        players: record.players,
        observer: { roll: (a, pos, opening) => countRoll(of(a.side), a, pos, opening && !setUp, last) },
      },
      undefined,
      work,
    );
  }
}

/**
 * One match's dice, counted as it is read: its games and its groups' counts in the order first
 * met. Named by no path: a group by file is named '' here and given the file's name in `diceOf`
 * (the results cache keeps these, and holds no path).
 */
export interface MatchDice {
  games: number;
  groups: GroupCounts[];
}

/** A file read for the dice audit: its matches' dice, and, with the duplicate check, their content keys. */
export interface ReadDice {
  /** Each match's dice, the file's matches in order. */
  matches: MatchDice[];
  /** With the duplicate check: each match's content key (null for none). */
  keys?: (ContentKey | null)[];
}

/** The dice of one match, its rolls counted by the groups `by` asks for. */
function matchDice(record: MatchRecord, by: GroupBy): MatchDice {
  const groups = new Groups();
  countMatch(record, by, '', groups);
  return { games: record.games.length, groups: [...groups.byKey].map(([key, counts]) => ({ key, counts })) };
}

/**
 * A file's bytes read for the dice audit; null when no match can be read from it (then it is
 * audited to say why). The file is read as every command reads it (read/matches.ts): its matches
 * one at a time, each with the findings it takes besides its own, which its content key holds as
 * verify's does. Each match is counted as it is read: the duplicate check answers afterwards
 * which to leave out (`diceOf`).
 */
export function readDice(bytes: Uint8Array, file: string, options: GroupBy | CountOptions): ReadDice | null {
  const { by, keys: audit, limit } = typeof options === 'string' ? { by: options, limit: undefined } : options;
  // By index: the .mat match that takes a file's unlisted parse errors is given last, with its index.
  let matches: MatchDice[] = [];
  let keys: (ContentKey | null)[] = [];
  readDecoded(openFile(bytes, file, limit), file, {
    match(record, source, extra, k) {
      matches[k] = matchDice(record, by);
      if (audit) keys[k] = contentKeyOf(record, audit, extra, source);
    },
    none: () => {},
    restart() {
      matches = [];
      keys = [];
    },
  });
  if (matches.length === 0) return null;
  if (!audit) return { matches };
  for (let k = 0; k < keys.length; k++) keys[k] ??= null;
  return { matches, keys };
}

/**
 * A file's dice from its matches' (`readDice`), the matches numbered in `skip` (from 1) left out:
 * groups merged in the order first met, a group by file named `file`.
 */
export function diceOf(matches: readonly MatchDice[], by: GroupBy, file: string, skip?: ReadonlySet<number>): FileDice {
  const groups = new Groups();
  let games = 0;
  let counted = 0;
  matches.forEach((m, k) => {
    if (skip?.has(k + 1)) return;
    for (const g of m.groups) addCounts(groups.get(by === 'file' ? file : g.key), g.counts);
    games += m.games;
    counted++;
  });
  return { matches: counted, games, groups: [...groups.byKey].map(([key, counts]) => ({ key, counts })) };
}

/** The dice of a file's bytes, every match counted; null when no match can be read from it. */
export function countFile(bytes: Uint8Array, file: string, by: GroupBy): FileDice | null {
  const read = readDice(bytes, file, by);
  return read === null ? null : diceOf(read.matches, by, file);
}
