// Standings: what counts (matches without error findings, not duplicates, finished), what is
// left out and why, names as people write them, and ratings in date order.
import { describe, expect, it } from 'vitest';
import { Aliases } from '../../src/standings/names.js';
import { nameKey } from '../../src/core/words.js';
import {
  Standings,
  clockTime,
  isoDate,
  whenPlayed,
  type GameFacts,
  type MatchFacts,
} from '../../src/standings/standings.js';
import { standingsCsv, standingsJson, standingsText } from '../../src/standings/render.js';
import { afterMatch } from '../../src/standings/fibs.js';

const match = (over: Partial<MatchFacts>): MatchFacts => ({
  file: 'a.mat',
  match: 1,
  players: ['Anna', 'Boris'],
  length: 5,
  date: '',
  time: '',
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

  it('a backgammon counts as one, a game nobody won as a game with its cube actions and no points', () => {
    const s = new Standings();
    feed(s, match({}), [
      game({ winner: 1, outcome: 'backgammon', credited: 6, cubeTurns: [1, 0], takes: [0, 1] }),
      game({ winner: null, outcome: '', termination: 'unfinished', credited: 0, cubeTurns: [0, 1], drops: [0, 0] }),
      game({ winner: 0, outcome: 'single', credited: 2 }),
    ]);
    const [anna, boris] = s.result().players;
    expect(anna).toMatchObject({ name: 'Anna', games: 3, points_won: 2, points_lost: 6, doubles: 1, takes: 0 });
    expect(anna).toMatchObject({ backgammons_won: 0, backgammons_lost: 1, gammons_won: 0, gammons_lost: 0 });
    expect(boris).toMatchObject({ games: 3, points_won: 6, points_lost: 2, doubles: 1, takes: 1 });
    expect(boris).toMatchObject({ backgammons_won: 1, backgammons_lost: 0 });
  });

  it.each([
    [{ byLength: false, headToHead: false }, 0, 0],
    [{ byLength: true, headToHead: false }, 2, 0],
    [{ byLength: false, headToHead: true }, 0, 1],
    [{ byLength: true, headToHead: true }, 2, 1],
  ])('keeps the tables asked for (%o), and only those', (parts, lengthRows, pairRows) => {
    const s = new Standings(undefined, 1500, parts);
    feed(s, match({ match: 1, length: 5 }));
    feed(s, match({ match: 2, length: 7, winner: 1 }));
    const r = s.result();
    expect(r.byLength.length).toBe(lengthRows);
    expect(r.headToHead.length).toBe(pairRows);
    // Boris won the longer match and is ranked first; the tables follow the players' order.
    expect(r.players.map((p) => p.name)).toEqual(['Boris', 'Anna']);
    if (parts.byLength)
      expect(r.byLength[1]?.map((l) => [l.length, l.won, l.lost])).toEqual([
        [5, 1, 0],
        [7, 0, 1],
      ]);
    if (parts.headToHead) expect(r.headToHead[0]).toMatchObject({ matches: 2, won: 1, lost: 1 });
    expect(r.players.map((p) => p.matches)).toEqual([2, 2]);
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

describe('time of day', () => {
  it.each([
    ['18.36', '18:36:00'],
    ['8:05', '08:05:00'],
    ['18:36:05', '18:36:05'],
    ['24.00', null],
    ['18.6', null],
    ['', null],
  ])('time %j is %j', (text, clock) => expect(clockTime(text)).toBe(clock));

  it.each([
    ['2023.10.18', '18.36', '2023-10-18 18:36:00'],
    ['2023-10-18', '', '2023-10-18'],
    ['2023-10-18 21:03', '', '2023-10-18 21:03:00'],
    ['2023-10-18T21:03:05', '', '2023-10-18 21:03:05'],
    ['2023-10-18 21:03', '09.30', '2023-10-18 09:30:00'],
    ['2010-01-30,31,02-01', '', '2010-01-30'],
    ['', '18.36', null],
    ['2023.13.01', '', null],
  ])('date %j, time %j: %j', (date, time, when) => expect(whenPlayed(date, time)).toBe(when));

  it('orders the matches of one day by [EventTime], whatever the input order, and says so', () => {
    const s = new Standings();
    // Input order: the evening match first. By time: Boris beats Anna at 09.30, then Anna beats Boris at 18.36.
    feed(s, match({ match: 1, date: '2023.10.18', time: '18.36', winner: 0 }));
    feed(s, match({ match: 2, date: '2023-10-18', time: '09.30', winner: 1 }));
    const r = s.result();
    const start = { rating: 1500, experience: 0 };
    const first = afterMatch(start, start, 5); // Boris wins
    const second = afterMatch(first.loser, first.winner, 5); // Anna wins
    const by = Object.fromEntries(r.players.map((p) => [p.name, p.rating]));
    expect(by).toEqual({
      Anna: Math.round(second.winner.rating * 100) / 100,
      Boris: Math.round(second.loser.rating * 100) / 100,
    });
    // In input order Boris would end ahead: the order is not the input's.
    expect(by.Anna).toBeGreaterThan(by.Boris ?? 0);
    expect(r.order).toBe(
      '2 rated matches in date order (2 with a time of day; on one day, those without one first), then 0 undated in input order',
    );
    expect(standingsText(r)).toContain(r.order);
    expect(JSON.parse(standingsJson(r)).order).toBe(r.order);
  });
});

describe('by length and head to head', () => {
  function seasonOf(): Standings {
    const s = new Standings();
    feed(s, match({ match: 1, length: 5, winner: 0 })); // Anna beats Boris, 5
    feed(s, match({ match: 2, length: 5, winner: 1 })); // Boris beats Anna, 5
    feed(s, match({ match: 3, length: 7, winner: 0 })); // Anna beats Boris, 7
    feed(s, match({ match: 4, length: 3, winner: 0, players: ['Cleo', 'Anna'] })); // Cleo beats Anna, 3
    feed(s, match({ match: 5, length: 3, winner: 0, players: ['Boris', 'Cleo'], errors: 1 })); // left out
    feed(s, match({ match: 6, length: 0, winner: null, ending: 'money', players: ['Boris', 'Cleo'] })); // no match
    return s;
  }

  it("splits each player's matches, won and lost by length, and pairs their matches", () => {
    const r = seasonOf().result();
    const at = (name: string) => r.players.findIndex((p) => p.name === name);
    expect(r.byLength[at('Anna')]).toEqual([
      { length: 3, matches: 1, won: 0, lost: 1 },
      { length: 5, matches: 2, won: 1, lost: 1 },
      { length: 7, matches: 1, won: 1, lost: 0 },
    ]);
    expect(r.byLength[at('Boris')]).toEqual([
      { length: 5, matches: 2, won: 1, lost: 1 },
      { length: 7, matches: 1, won: 0, lost: 1 },
    ]);
    expect(r.byLength[at('Cleo')]).toEqual([{ length: 3, matches: 1, won: 1, lost: 0 }]);
    // Each pair once, the higher ranked first; the counts are that player's.
    const rank = (name: string) => at(name);
    for (const h of r.headToHead) expect(rank(h.player)).toBeLessThan(rank(h.opponent));
    const pair = (a: string, b: string) =>
      r.headToHead.find((h) => (h.player === a && h.opponent === b) || (h.player === b && h.opponent === a));
    const ab = pair('Anna', 'Boris');
    expect(ab?.matches).toBe(3);
    expect(ab?.player === 'Anna' ? [ab.won, ab.lost] : [ab?.lost, ab?.won]).toEqual([2, 1]);
    const ac = pair('Anna', 'Cleo');
    expect(ac?.player === 'Cleo' ? [ac.won, ac.lost] : [ac?.lost, ac?.won]).toEqual([1, 0]);
    expect(pair('Boris', 'Cleo')).toBeUndefined(); // an error and a money session: no match counted
  });

  it('text, CSV and JSON show them only when asked, and the default output stays as it was', () => {
    const r = seasonOf().result();
    expect(standingsText(r, {})).toBe(standingsText(r));
    expect(standingsText(r)).not.toContain('by length');
    expect(standingsText(r)).not.toContain('head to head');
    expect(standingsCsv(r).split('\r\n')[0]).toBe(
      'name,matches,won,lost,games,points_won,points_lost,gammons_won,gammons_lost,backgammons_won,' +
        'backgammons_lost,doubles,takes,drops,forfeits_won,forfeits_lost,rating,experience,excluded',
    );
    expect(Object.keys(JSON.parse(standingsJson(r)))).toEqual(['players', 'matches', 'excluded', 'order']);

    const text = standingsText(r, { byLength: true, headToHead: true });
    expect(text).toMatch(/by length \(won-lost\)\n/);
    expect(text).toMatch(/Anna .* 3pt 0-1 5pt 1-1 7pt 1-0\n/);
    expect(text).toContain('\nhead to head\nplayer');
    const csv = standingsCsv(r, { byLength: true }).split('\r\n');
    expect(csv[0]).toMatch(/,excluded,matches_3,won_3,lost_3,matches_5,won_5,lost_5,matches_7,won_7,lost_7$/);
    expect(csv.find((l) => l.startsWith('Cleo,'))).toMatch(/,1,1,0,0,0,0,0,0,0$/);
    const pairs = standingsCsv(r, { headToHead: true }).split('\r\n');
    expect(pairs[0]).toBe('player,opponent,matches,won,lost');
    expect(pairs.filter((l) => l !== '')).toHaveLength(1 + r.headToHead.length);
    const json = JSON.parse(standingsJson(r, { byLength: true, headToHead: true })) as {
      players: { name: string; by_length: unknown }[];
      head_to_head: unknown;
    };
    expect(json.players.map((p) => p.by_length)).toEqual(r.byLength);
    expect(json.head_to_head).toEqual(r.headToHead);
  });

  it('keeps the rating history of the players asked for only: the start, then after each match', () => {
    const r = seasonOf().result(1);
    expect(r.history).toHaveLength(1);
    const best = r.players[0];
    expect(r.history[0][0]).toBe(1500);
    expect(r.history[0]).toHaveLength(best.matches + 1);
    expect(r.history[0][r.history[0].length - 1]).toBe(best.rating);
    expect(seasonOf().result().history).toEqual([]);
  });
});

describe('standings of an archive of any size', () => {
  it('a text table of 150,000 players, past what a call takes as arguments', () => {
    const s = new Standings();
    for (let k = 0; k < 75_000; k++) feed(s, match({ match: k + 1, players: [`p${2 * k}`, `p${2 * k + 1}`] }));
    const text = standingsText(s.result());
    expect(text.split('\n').filter((l) => /^\s*\d+\s+p\d+/.test(l))).toHaveLength(150_000);
  });
});

describe('a player against themself', () => {
  it.each([
    ['one name on both sides', match({ players: ['Anna', 'Anna'] }), new Aliases()],
    ['a case and spacing variant', match({ players: ['Anna  Berg', ' anna berg'] }), new Aliases()],
    ['two names the alias list makes one', match({ players: ['Anna', 'annie'] }), new Aliases([['annie', 'Anna']])],
  ])('%s: left out once, not a win and a loss', (_, m, aliases) => {
    const s = new Standings(aliases);
    feed(s, m, [game({ winner: 0, credited: 5 })]);
    const r = s.result();
    expect(r.players).toHaveLength(1);
    expect(r.players[0]).toMatchObject({ matches: 0, won: 0, lost: 0, games: 0, rating: null, excluded: 'self:1' });
    expect(r.excluded).toEqual([{ file: 'a.mat', match: 1, reason: 'self' }]);
    expect(standingsText(r)).toContain('1 left out (errors, duplicates, unfinished, a player against themself)');
  });
});
