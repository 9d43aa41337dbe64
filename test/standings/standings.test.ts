// Standings: what counts (matches without error findings, not duplicates, finished), what is
// left out and why, names as people write them, and ratings in date order.
import { describe, expect, it } from 'vitest';
import { Aliases, nameKey } from '../../src/standings/names.js';
import { Standings, isoDate, type GameFacts, type MatchFacts } from '../../src/standings/standings.js';
import { afterMatch } from '../../src/standings/fibs.js';

const match = (over: Partial<MatchFacts>): MatchFacts => ({
  file: 'a.mat',
  match: 1,
  players: ['Anna', 'Boris'],
  length: 5,
  date: '',
  winner: 0,
  ending: 'played-out',
  errors: 0,
  duplicateOf: '',
  ...over,
});
const game = (over: Partial<GameFacts>): GameFacts => ({
  winner: 0,
  outcome: 'single',
  termination: 'bearoff',
  credited: 1,
  cubeTurns: [0, 0],
  takes: [0, 0],
  drops: [0, 0],
  ...over,
});

function feed(s: Standings, m: MatchFacts, games: GameFacts[] = []) {
  s.file();
  s.match(m);
  for (const g of games) s.game(m.match, g);
}

describe('standings', () => {
  it('counts a clean match, its games, points, gammons and cube actions for both players', () => {
    const s = new Standings();
    feed(s, match({}), [
      game({ winner: 0, outcome: 'gammon', credited: 4, cubeTurns: [0, 1], takes: [1, 0] }),
      game({ winner: 1, outcome: 'single', credited: 1 }),
      game({ winner: 0, termination: 'drop', credited: 1, cubeTurns: [1, 0], drops: [0, 1] }),
    ]);
    const [anna, boris] = s.result().players;
    expect(anna).toMatchObject({ name: 'Anna', matches: 1, won: 1, lost: 0, games: 3, points_won: 5, points_lost: 1 });
    expect(anna).toMatchObject({ gammons_won: 1, gammons_lost: 0, doubles: 1, takes: 1, drops: 0, excluded: '' });
    expect(boris).toMatchObject({ name: 'Boris', won: 0, lost: 1, points_won: 1, points_lost: 5, gammons_lost: 1 });
    expect(boris).toMatchObject({ doubles: 1, takes: 0, drops: 1 });
  });

  it.each([
    ['an error finding', { errors: 1 }, 'errors:1'],
    ['a duplicate', { duplicateOf: 'b.mat#1' }, 'duplicate:1'],
    ['nobody won', { winner: null, ending: 'abandoned' }, 'unfinished:1'],
  ])('leaves out a match with %s, and says so for both players', (_, over, excluded) => {
    const s = new Standings();
    feed(s, match(over), [game({ credited: 2, outcome: 'gammon' })]);
    const r = s.result();
    expect(r.matches).toBe(0);
    expect(r.excluded).toEqual([{ file: 'a.mat', match: 1, reason: excluded.split(':')[0] }]);
    for (const p of r.players) expect(p).toMatchObject({ matches: 0, games: 0, points_won: 0, rating: null, excluded });
  });

  it('a forfeit is a match won and lost, rated, and no gammon', () => {
    const s = new Standings();
    feed(s, match({ ending: 'forfeit', winner: 1 }), [
      game({ winner: 1, termination: 'forfeit', outcome: '', credited: 5 }),
    ]);
    const [boris, anna] = s.result().players;
    expect(boris).toMatchObject({ name: 'Boris', won: 1, forfeits_won: 1, points_won: 5, gammons_won: 0 });
    expect(anna).toMatchObject({ lost: 1, forfeits_lost: 1 });
    expect(boris.rating).toBeGreaterThan(1500);
  });

  it('a money session counts games and points, never a match or a rating', () => {
    const s = new Standings();
    feed(s, match({ ending: 'money', winner: null, length: 0 }), [
      game({ credited: 2 }),
      game({ winner: 1, credited: 1 }),
    ]);
    const r = s.result();
    expect(r.matches).toBe(1);
    for (const p of r.players) expect(p).toMatchObject({ matches: 0, games: 2, rating: null, excluded: '' });
  });

  it('rates dated matches in date order, whatever the input order, then the undated in input order', () => {
    const s = new Standings();
    feed(s, match({ match: 1, date: '2023-10-19', winner: 1 }));
    feed(s, match({ match: 2, date: '', winner: 0, players: ['Anna', 'Cleo'] }));
    feed(s, match({ match: 3, date: '2023.10.18', winner: 0 }));
    const r = s.result();
    // By hand: Anna beats Boris (18th), Boris beats Anna (19th), then Anna beats Cleo (undated).
    const start = { rating: 1500, experience: 0 };
    const one = afterMatch(start, start, 5);
    const two = afterMatch(one.loser, one.winner, 5);
    const three = afterMatch(two.loser, start, 5);
    const by = Object.fromEntries(r.players.map((p) => [p.name, p.rating]));
    expect(by).toEqual({
      Anna: Math.round(three.winner.rating * 100) / 100,
      Boris: Math.round(two.winner.rating * 100) / 100,
      Cleo: Math.round(three.loser.rating * 100) / 100,
    });
    expect(r.order).toBe('2 rated matches in date order, then 1 undated in input order');
  });

  it('games of a match that does not count are not counted, in a file of several matches', () => {
    const s = new Standings();
    s.file();
    s.match(match({ match: 1 }));
    s.match(match({ match: 2, errors: 2 }));
    s.game(1, game({ credited: 3 }));
    s.game(2, game({ credited: 7 }));
    expect(s.result().players[0]).toMatchObject({ name: 'Anna', points_won: 3, games: 1 });
  });
});

describe('names', () => {
  it.each([
    ['  Jörn  Müller ', 'jörn müller'],
    ['ＬＡＳＳＥ', 'lasse'],
    ['Lasse', 'lasse'],
  ])('%j is %j', (name, key) => expect(nameKey(name)).toBe(key));

  it('an alias counts as the name it maps to', () => {
    const s = new Standings(new Aliases([['lasse_gx', 'Lasse']]));
    feed(s, match({ players: ['LASSE_GX', 'Boris'] }));
    feed(s, match({ match: 2, players: ['lasse', 'Boris'] }));
    expect(s.result().players.map((p) => [p.name, p.won])).toEqual([
      ['Lasse', 2],
      ['Boris', 0],
    ]);
  });

  it.each([
    ['2023.10.18', '2023-10-18'],
    ['2023-1-8', '2023-01-08'],
    ['2023/10/18 21:03', '2023-10-18'],
    ['11/29/26', null],
    ['', null],
  ])('date %j is %j', (text, iso) => expect(isoDate(text)).toBe(iso));
});
