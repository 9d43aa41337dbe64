// Standings over the matches of a run that passed the audit: a player's record, their games'
// points, gammons and cube actions, and their FIBS rating. Fed one match at a time (its summary,
// then its games), it keeps state per player; for the ratings, which need matches in date order,
// it keeps only each counted match's date, players, length and winner.
import { afterMatch, type Rated } from './fibs.js';
import { Aliases } from './names.js';
import { itemAt } from '../core/at.js';
import type { Side } from '../core/model.js';

/** What the standings need of a match (the per-match CSV row). */
export interface MatchFacts {
  file: string;
  match: number;
  players: [string, string];
  length: number;
  date: string;
  /** `[EventTime]` as written, '' when none. */
  time: string;
  winner: Side | null;
  ending: string;
  errors: number;
  duplicateOf: string;
}

/** What the standings need of a game (the per-game CSV row). */
export interface GameFacts {
  winner: Side | null;
  outcome: string;
  termination: string;
  credited: number;
  cubeTurns: [number, number];
  takes: [number, number];
  drops: [number, number];
}

/**
 * A match's games added up: the number of games, then per side (side 0 first) the points,
 * gammons and backgammons won and the cube turns, takes and drops made, from the offsets in
 * `TOTAL`. A flat list of numbers: made once a match in a worker, sent as it is, and read once a
 * match in the main thread with nothing built around it.
 */
export type GameTotals = number[];

/** Where each count of `GameTotals` is: the game count, or a side's count at the offset plus the side. */
const TOTAL = { games: 0, points: 1, gammons: 3, backgammons: 5, cubeTurns: 7, takes: 9, drops: 11 } as const;

export const noGames = (): GameTotals => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** The count of `t` at `at` (0 past its end). */
const countAt = (t: readonly number[], at: number): number => t[at] ?? 0;

function bump(t: GameTotals, at: number, by: number): void {
  t[at] = countAt(t, at) + by;
}

/** A match's totals `t` added to the row of the player on side `s`. */
function addTotals(p: Player['row'], t: readonly number[], s: 0 | 1): void {
  const o = 1 - s;
  p.games += countAt(t, TOTAL.games);
  p.points_won += countAt(t, TOTAL.points + s);
  p.points_lost += countAt(t, TOTAL.points + o);
  p.gammons_won += countAt(t, TOTAL.gammons + s);
  p.gammons_lost += countAt(t, TOTAL.gammons + o);
  p.backgammons_won += countAt(t, TOTAL.backgammons + s);
  p.backgammons_lost += countAt(t, TOTAL.backgammons + o);
  p.doubles += countAt(t, TOTAL.cubeTurns + s);
  p.takes += countAt(t, TOTAL.takes + s);
  p.drops += countAt(t, TOTAL.drops + s);
}

/** `t` with game `g` added: its points to its winner, a gammon or backgammon unless forfeited, each side's cube actions. */
export function addGame(t: GameTotals, g: GameFacts): GameTotals {
  bump(t, TOTAL.games, 1);
  bump(t, TOTAL.cubeTurns, g.cubeTurns[0]);
  bump(t, TOTAL.cubeTurns + 1, g.cubeTurns[1]);
  bump(t, TOTAL.takes, g.takes[0]);
  bump(t, TOTAL.takes + 1, g.takes[1]);
  bump(t, TOTAL.drops, g.drops[0]);
  bump(t, TOTAL.drops + 1, g.drops[1]);
  if (g.winner === null) return t;
  bump(t, TOTAL.points + g.winner, g.credited);
  if (g.termination === 'forfeit') return t;
  if (g.outcome === 'gammon') bump(t, TOTAL.gammons + g.winner, 1);
  else if (g.outcome === 'backgammon') bump(t, TOTAL.backgammons + g.winner, 1);
  return t;
}

type ExclusionReason = 'errors' | 'duplicate' | 'unfinished' | 'self';

export interface PlayerRow {
  name: string;
  matches: number;
  won: number;
  lost: number;
  games: number;
  points_won: number;
  points_lost: number;
  gammons_won: number;
  gammons_lost: number;
  backgammons_won: number;
  backgammons_lost: number;
  doubles: number;
  takes: number;
  drops: number;
  forfeits_won: number;
  forfeits_lost: number;
  rating: number | null;
  experience: number;
  excluded: string;
}

/** A player's matches of one length (`--by-length`). */
interface LengthRecord {
  length: number;
  matches: number;
  won: number;
  lost: number;
}

/** Two players' matches against each other (`--head-to-head`), `player` the one ranked higher. */
interface HeadToHead {
  player: string;
  opponent: string;
  matches: number;
  won: number;
  lost: number;
}

interface Player {
  key: string;
  row: Omit<PlayerRow, 'excluded' | 'rating' | 'experience'>;
  excluded: Record<ExclusionReason, number>;
  rated: boolean;
  /** Won and lost by match length, as triples: length, won, lost (a player plays few lengths). */
  byLength: number[];
}

/** Why matches are left out, in words, as the footer says it: a player against themself only when one is. */
export function leftOutReasons(result: Pick<StandingsResult, 'excluded'>): string {
  const self = result.excluded.some((x) => x.reason === 'self');
  return `errors, duplicates, unfinished${self ? ', a player against themself' : ''}`;
}

/** Why a match is left out of the standings, or null when it counts. */
function exclusionOf(m: MatchFacts): ExclusionReason | null {
  if (m.errors > 0) return 'errors';
  if (m.duplicateOf !== '') return 'duplicate';
  return m.ending === 'money' || m.winner !== null ? null : 'unfinished';
}

/** One more match of `length` won (`column` 0) or lost (1) in a player's triples. */
function countLength(triples: number[], length: number, column: 0 | 1): void {
  let at = 0;
  while (at < triples.length && triples[at] !== length) at += 3;
  if (at === triples.length) triples.push(length, 0, 0);
  triples[at + 1 + column] = (triples[at + 1 + column] ?? 0) + 1;
}

interface RatedMatch {
  /** `YYYY-MM-DD`, then ` HH:MM:SS` when a time of day is given; null when undated. */
  date: string | null;
  order: number;
  length: number;
  winner: string;
  loser: string;
}

export interface StandingsResult {
  /** Sorted by rating, best first. */
  players: PlayerRow[];
  /** Each player's matches by length, in the order of `players`, shortest first. */
  byLength: LengthRecord[][];
  /** Each pair that played, in the order of `players` (the higher ranked first, then their opponents'). */
  headToHead: HeadToHead[];
  /**
   * The first players' ratings (as many as asked for): the start, then the rating after each of
   * their rated matches in the order rated; empty for an unrated player.
   */
  history: number[][];
  matches: number;
  excluded: { file: string; match: number; reason: ExclusionReason }[];
  /** How the rated matches were ordered, said to the user. */
  order: string;
}

/** 2023.10.18, 2023-10-18 and 2023/10/18 are one date; anything else (13th months included) is no date. */
export function isoDate(text: string): string | null {
  const m = /^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})/.exec(text);
  if (!m) return null;
  const [, year = '', month = '', day = ''] = m;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** 18.36, 18:36 and 18:36:05 (as `.mat` writers give `[EventTime]`) as `HH:MM:SS`; anything else is no time. */
export function clockTime(text: string): string | null {
  const m = /^\s*(\d{1,2})[.:](\d{2})(?:[.:](\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [, hours = '', minutes = '', seconds = '00'] = m;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return `${hours.padStart(2, '0')}:${minutes}:${seconds}`;
}

/**
 * When a match was played, as a key that sorts in time: the date, then the time of day from
 * `time` (`[EventTime]`) or, failing that, written after the date in the same header (an SGF
 * `DT[2023-10-18 21:03]`, `2023-10-18T21:03:05`); null when there is no date.
 */
export function whenPlayed(date: string, time: string): string | null {
  const day = isoDate(date);
  if (day === null) return null;
  const after = /^\s*\d{4}[.\-/]\d{1,2}[.\-/]\d{1,2}(?:[T ,]+)(.*)$/.exec(date)?.[1] ?? '';
  const clock = clockTime(time) ?? clockTime(after);
  return clock === null ? day : `${day} ${clock}`;
}

/** A player's triples as records, shortest length first. */
function lengthRecords(triples: readonly number[]): LengthRecord[] {
  const out: LengthRecord[] = [];
  for (let at = 0; at + 2 < triples.length; at += 3) {
    const [length = 0, won = 0, lost = 0] = [triples[at], triples[at + 1], triples[at + 2]];
    out.push({ length, matches: won + lost, won, lost });
  }
  return out.sort((x, y) => x.length - y.length);
}

/** The tables kept beside the players' (`--by-length`, `--head-to-head`). */
export interface StandingsParts {
  byLength: boolean;
  headToHead: boolean;
}

const ALL_PARTS: StandingsParts = { byLength: true, headToHead: true };

export class Standings {
  private readonly players = new Map<string, Player>();
  private readonly rated: RatedMatch[] = [];
  private readonly excludedMatches: StandingsResult['excluded'] = [];
  private counted = 0;
  /** Matches between two players, by their keys joined (the lesser first): [won by the lesser, won by the other]. */
  private readonly pairs = new Map<string, [number, number]>();
  /** The counted matches of the file being read, by number: their sides' players. */
  private readonly counting = new Map<number, [Player, Player]>();
  /** `whenPlayed` of each date and time met. */
  private readonly dates = new Map<string, string | null>();

  /** `parts`: the tables to keep beside the players'; those not asked for cost nothing a match. */
  constructor(
    private readonly aliases = new Aliases(),
    private readonly ratingStart = 1500,
    readonly parts: StandingsParts = ALL_PARTS,
  ) {}

  /** A new file: its matches' summaries come next, then their games. */
  file(): void {
    this.counting.clear();
  }

  /** A match's summary; its games follow through `game`. */
  match(m: MatchFacts): void {
    // Written for an archive's worth of matches: no array or object made that is not kept.
    const side0 = this.aliases.resolve(m.players[0]);
    const side1 = this.aliases.resolve(m.players[1]);
    const player0 = this.player(side0.key, side0.shown);
    const player1 = this.player(side1.key, side1.shown);
    // One player on both sides (one name, or two the alias list makes one): a win and a loss of nobody's.
    const reason = player0 === player1 ? 'self' : exclusionOf(m);
    if (reason !== null) {
      player0.excluded[reason]++;
      if (player1 !== player0) player1.excluded[reason]++;
      this.excludedMatches.push({ file: m.file, match: m.match, reason });
      return;
    }
    this.counted++;
    this.counting.set(m.match, [player0, player1]);
    if (m.ending === 'money' || m.winner === null) return;
    // No array destructuring: before the compiler optimises this, each one walks an iterator.
    const winner = m.winner === 0 ? player0 : player1;
    const loser = m.winner === 0 ? player1 : player0;
    winner.row.matches++;
    loser.row.matches++;
    winner.row.won++;
    loser.row.lost++;
    if (m.ending === 'forfeit') {
      winner.row.forfeits_won++;
      loser.row.forfeits_lost++;
    }
    const wKey = winner.key;
    const lKey = loser.key;
    if (this.parts.byLength) {
      countLength(winner.byLength, m.length, 0);
      countLength(loser.byLength, m.length, 1);
    }
    if (this.parts.headToHead) {
      const pairKey = wKey < lKey ? `${wKey}\u0000${lKey}` : `${lKey}\u0000${wKey}`;
      const pair = this.pairs.get(pairKey);
      if (pair === undefined) this.pairs.set(pairKey, wKey < lKey ? [1, 0] : [0, 1]);
      else pair[wKey < lKey ? 0 : 1]++;
    }
    winner.rated = loser.rated = true;
    this.rated.push({
      date: this.when(m.date, m.time),
      order: this.rated.length,
      length: m.length,
      winner: wKey,
      loser: lKey,
    });
  }

  /** `whenPlayed`, once for each date and time written: an archive's matches share a few thousand dates. */
  private when(date: string, time: string): string | null {
    const asked = `${date}\u0000${time}`;
    let known = this.dates.get(asked);
    if (known === undefined) {
      known = whenPlayed(date, time);
      this.dates.set(asked, known);
    }
    return known;
  }

  /** A game of match `match` of the file, counted when that match counts. */
  game(match: number, g: GameFacts): void {
    this.totals(match, addGame(noGames(), g));
  }

  /** The games of match `match` of the file, added up (`addGame`), counted when that match counts. */
  totals(match: number, t: readonly number[]): void {
    const players = this.counting.get(match);
    if (players === undefined) return;
    addTotals(players[0].row, t, 0);
    addTotals(players[1].row, t, 1);
  }

  /**
   * The standings; `historyOf`: how many of the best rated players' rating histories to keep. The
   * tables not among the constructor's `parts` are empty.
   */
  result(historyOf = 0): StandingsResult {
    const parts = this.parts;
    const ratings = new Map<string, Rated>();
    const at = (key: string) => ratings.get(key) ?? { rating: this.ratingStart, experience: 0 };
    // Dated matches first, by date; then the undated, each group in input order (the sort is stable).
    const ordered = [...this.rated].sort((x, y) =>
      x.date === y.date ? x.order - y.order : x.date === null ? 1 : y.date === null ? -1 : x.date < y.date ? -1 : 1,
    );
    for (const m of ordered) {
      const next = afterMatch(at(m.winner), at(m.loser), m.length);
      ratings.set(m.winner, next.winner);
      ratings.set(m.loser, next.loser);
    }
    let dated = 0;
    let timed = 0;
    for (const m of this.rated) {
      if (m.date !== null) dated++;
      if (m.date !== null && m.date.length > 10) timed++;
    }
    const entries = [...this.players.entries()].map(([key, p]) => {
      const row = this.rowOf(p, ratings.get(key));
      return { key, row, player: p };
    });
    entries.sort(
      ({ row: x }, { row: y }) =>
        (y.rating ?? -Infinity) - (x.rating ?? -Infinity) ||
        y.won - x.won ||
        (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
    );
    const rank = new Map(entries.map((e, k) => [e.key, k]));
    const headToHead = !parts.headToHead
      ? []
      : [...this.pairs.entries()]
          .map(([pairKey, [lesserWon, otherWon]]) => {
            const [a = '', b = ''] = pairKey.split('\u0000');
            const aFirst = (rank.get(a) ?? 0) < (rank.get(b) ?? 0);
            const [first, second] = aFirst ? [a, b] : [b, a];
            const [won, lost] = aFirst ? [lesserWon, otherWon] : [otherWon, lesserWon];
            return { first: rank.get(first) ?? 0, second: rank.get(second) ?? 0, won, lost };
          })
          .sort((x, y) => x.first - y.first || x.second - y.second)
          .map(({ first, second, won, lost }): HeadToHead => ({
            player: itemAt(entries, first).row.name,
            opponent: itemAt(entries, second).row.name,
            matches: won + lost,
            won,
            lost,
          }));
    // The page's charts: the top `historyOf` players' ratings after each of their matches, the
    // ratings played again for them alone, so that what is kept grows with those players only.
    const charted = new Map(entries.slice(0, historyOf).map((e) => [e.key, [this.ratingStart]]));
    if (charted.size > 0) {
      ratings.clear();
      for (const m of ordered) {
        const next = afterMatch(at(m.winner), at(m.loser), m.length);
        ratings.set(m.winner, next.winner);
        ratings.set(m.loser, next.loser);
        charted.get(m.winner)?.push(Math.round(next.winner.rating * 100) / 100);
        charted.get(m.loser)?.push(Math.round(next.loser.rating * 100) / 100);
      }
    }
    return {
      players: entries.map((e) => e.row),
      byLength: parts.byLength ? entries.map((e) => lengthRecords(e.player.byLength)) : [],
      headToHead,
      history: entries.slice(0, historyOf).map((e) => (e.row.rating === null ? [] : (charted.get(e.key) ?? []))),
      matches: this.counted,
      excluded: this.excludedMatches,
      order:
        `${dated} rated match${dated === 1 ? '' : 'es'} in date order` +
        (timed > 0 ? ` (${timed} with a time of day; on one day, those without one first)` : '') +
        `, then ${this.rated.length - dated} undated in input order`,
    };
  }

  /** A player's row, their rating and experience `r` (undefined: never rated). */
  private rowOf(p: Player, r: Rated | undefined): PlayerRow {
    // Written out field by field: a spread makes each row a slow dictionary object, and an
    // archive has as many rows as players.
    const x = p.excluded;
    return {
      name: p.row.name,
      matches: p.row.matches,
      won: p.row.won,
      lost: p.row.lost,
      games: p.row.games,
      points_won: p.row.points_won,
      points_lost: p.row.points_lost,
      gammons_won: p.row.gammons_won,
      gammons_lost: p.row.gammons_lost,
      backgammons_won: p.row.backgammons_won,
      backgammons_lost: p.row.backgammons_lost,
      doubles: p.row.doubles,
      takes: p.row.takes,
      drops: p.row.drops,
      forfeits_won: p.row.forfeits_won,
      forfeits_lost: p.row.forfeits_lost,
      rating: p.rated && r ? Math.round(r.rating * 100) / 100 : null,
      experience: r?.experience ?? 0,
      excluded: [
        x.errors > 0 ? `errors:${x.errors}` : '',
        x.duplicate > 0 ? `duplicate:${x.duplicate}` : '',
        x.unfinished > 0 ? `unfinished:${x.unfinished}` : '',
        x.self > 0 ? `self:${x.self}` : '',
      ]
        .filter((s) => s !== '')
        .join(';'),
    };
  }

  private player(key: string, shown: string): Player {
    let p = this.players.get(key);
    if (!p) {
      p = {
        key,
        row: {
          name: shown,
          matches: 0,
          won: 0,
          lost: 0,
          games: 0,
          points_won: 0,
          points_lost: 0,
          gammons_won: 0,
          gammons_lost: 0,
          backgammons_won: 0,
          backgammons_lost: 0,
          doubles: 0,
          takes: 0,
          drops: 0,
          forfeits_won: 0,
          forfeits_lost: 0,
        },
        excluded: { errors: 0, duplicate: 0, unfinished: 0, self: 0 },
        rated: false,
        byLength: [],
      };
      this.players.set(key, p);
    }
    return p;
  }
}
