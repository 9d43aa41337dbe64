// Standings over the matches of a run that passed the audit: a player's record, their games'
// points, gammons and cube actions, and their FIBS rating. Fed one match at a time (its summary,
// then its games), it keeps state per player; for the ratings, which need matches in date order,
// it keeps only each counted match's date, players, length and winner.
import { afterMatch, type Rated } from './fibs.js';
import { Aliases } from './names.js';
import { itemAt } from '../at.js';

export type Side = 0 | 1;

/** What the standings need of a match (the per-match CSV row). */
export interface MatchFacts {
  file: string;
  match: number;
  players: [string, string];
  length: number;
  date: string;
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

type ExclusionReason = 'errors' | 'duplicate' | 'unfinished';

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

interface Player {
  row: Omit<PlayerRow, 'excluded' | 'rating' | 'experience'>;
  excluded: Record<ExclusionReason, number>;
  rated: boolean;
}

interface RatedMatch {
  date: string | null;
  order: number;
  length: number;
  winner: string;
  loser: string;
}

export interface StandingsResult {
  players: PlayerRow[];
  matches: number;
  excluded: { file: string; match: number; reason: ExclusionReason }[];
  /** How the rated matches were ordered, said to the user. */
  order: string;
}

/** 2023.10.18, 2023-10-18 and 2023/10/18 are one date; anything else is no date. */
export function isoDate(text: string): string | null {
  const m = /^\s*(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})/.exec(text);
  if (!m) return null;
  return `${m[1]}-${itemAt(m, 2).padStart(2, '0')}-${itemAt(m, 3).padStart(2, '0')}`;
}

export class Standings {
  private readonly players = new Map<string, Player>();
  private readonly rated: RatedMatch[] = [];
  private readonly excludedMatches: StandingsResult['excluded'] = [];
  private counted = 0;
  /** The counted matches of the file being read, by number: their sides' keys. */
  private counting = new Map<number, [string, string]>();

  constructor(
    private readonly aliases = new Aliases(),
    private readonly ratingStart = 1500,
  ) {}

  /** A new file: its matches' summaries come next, then their games. */
  file(): void {
    this.counting = new Map();
  }

  /** A match's summary; its games follow through `game`. */
  match(m: MatchFacts): void {
    const sides = m.players.map((p) => this.aliases.resolve(p)) as [
      { key: string; shown: string },
      { key: string; shown: string },
    ];
    const people = sides.map((s) => this.player(s.key, s.shown));
    const reason: ExclusionReason | null =
      m.errors > 0
        ? 'errors'
        : m.duplicateOf !== ''
          ? 'duplicate'
          : m.ending === 'money' || m.winner !== null
            ? null
            : 'unfinished';
    if (reason !== null) {
      for (const p of people) p.excluded[reason]++;
      this.excludedMatches.push({ file: m.file, match: m.match, reason });
      return;
    }
    this.counted++;
    this.counting.set(m.match, [sides[0].key, sides[1].key]);
    if (m.ending === 'money' || m.winner === null) return;
    const winner = itemAt(people, m.winner);
    const loser = itemAt(people, m.winner === 0 ? 1 : 0);
    winner.row.matches++;
    loser.row.matches++;
    winner.row.won++;
    loser.row.lost++;
    if (m.ending === 'forfeit') {
      winner.row.forfeits_won++;
      loser.row.forfeits_lost++;
    }
    winner.rated = loser.rated = true;
    this.rated.push({
      date: isoDate(m.date),
      order: this.rated.length,
      length: m.length,
      winner: sides[m.winner].key,
      loser: sides[m.winner === 0 ? 1 : 0].key,
    });
  }

  /** A game of match `match` of the file, counted when that match counts. */
  game(match: number, g: GameFacts): void {
    const keys = this.counting.get(match);
    if (keys === undefined) return;
    const sides = [this.known(keys[0]), this.known(keys[1])] as const;
    for (const s of [0, 1] as const) {
      const p = sides[s].row;
      p.games++;
      p.doubles += g.cubeTurns[s];
      p.takes += g.takes[s];
      p.drops += g.drops[s];
    }
    if (g.winner === null) return;
    const w = sides[g.winner].row;
    const l = sides[g.winner === 0 ? 1 : 0].row;
    w.points_won += g.credited;
    l.points_lost += g.credited;
    if (g.termination === 'forfeit') return;
    if (g.outcome === 'gammon') {
      w.gammons_won++;
      l.gammons_lost++;
    } else if (g.outcome === 'backgammon') {
      w.backgammons_won++;
      l.backgammons_lost++;
    }
  }

  result(): StandingsResult {
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
    const dated = this.rated.filter((m) => m.date !== null).length;
    const players = [...this.players.entries()].map(([key, p]): PlayerRow => {
      const r = ratings.get(key);
      return {
        ...p.row,
        rating: p.rated && r ? Math.round(r.rating * 100) / 100 : null,
        experience: r?.experience ?? 0,
        excluded: (Object.entries(p.excluded) as [ExclusionReason, number][])
          .filter(([, n]) => n > 0)
          .map(([why, n]) => `${why}:${n}`)
          .join(';'),
      };
    });
    players.sort(
      (x, y) =>
        (y.rating ?? -Infinity) - (x.rating ?? -Infinity) ||
        y.won - x.won ||
        (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
    );
    return {
      players,
      matches: this.counted,
      excluded: this.excludedMatches,
      order: `${dated} rated match${dated === 1 ? '' : 'es'} in date order, then ${this.rated.length - dated} undated in input order`,
    };
  }

  private known(key: string): Player {
    const p = this.players.get(key);
    if (p === undefined) throw new Error(`no player ${key}`);
    return p;
  }

  private player(key: string, shown: string): Player {
    let p = this.players.get(key);
    if (!p) {
      p = {
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
        excluded: { errors: 0, duplicate: 0, unfinished: 0 },
        rated: false,
      };
      this.players.set(key, p);
    }
    return p;
  }
}
