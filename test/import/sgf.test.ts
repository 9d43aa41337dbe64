import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { importRecord } from '../../src/import/index.js';
import { importSgf } from '../../src/import/sgf.js';
import type { Action, MatchRecord } from '../../src/core/model.js';
import { fixture } from '../helpers.js';

function only(name: string): MatchRecord {
  const r = importRecord(fixture('sgf', name), name);
  expect(r.format).toBe('sgf');
  expect(r.errors).toEqual([]);
  expect(r.matches).toHaveLength(1);
  return r.matches[0];
}

/** One match from SGF text that must read cleanly. */
function read(text: string): MatchRecord {
  const r = importSgf(text, 't.sgf');
  expect(r.errors).toEqual([]);
  expect(r.matches).toHaveLength(1);
  return r.matches[0];
}

const brief = (a: Action) =>
  a.type === 'roll'
    ? `${a.side}:${a.dice.join('')}${a.moves.length ? ' ' : ''}${a.moves.map((m) => m.points.join('/')).join(' ')}`
    : a.type === 'double'
      ? `${a.side}:${a.kind}=${a.value}`
      : a.type === 'resign'
        ? `${a.side}:resign ${a.points}`
        : `${a.side}:${a.type}`;

const header = (m: MatchRecord, key: string) => m.headers.find((h) => h.key === key)?.value;
const game = (root: string, body = ';B[41lpab]') => `(;FF[4]GM[6]AP[GNU Backgammon:1.07.001]${root}\n${body})\n`;

describe('sgf import: GNU Backgammon files', () => {
  it('root: players (White = side 0), length, start score, result, headers', () => {
    const m = only('gnubg-matchinfo-escaped-names.sgf');
    expect(m).toMatchObject({
      format: 'sgf',
      index: 1,
      line: 1,
      players: ['Jörg Müller', "O'Brien ] \\ x"],
      length: 5,
      variant: 'backgammon',
      gameNumbersFrom: 0,
    });
    expect(Object.fromEntries(m.headers.map((h) => [h.key, h.value]))).toEqual({
      EventDate: '2026.11.29',
      Event: 'Test Event [with] brackets',
      Round: 'Round 3: final',
      Site: 'Somewhere',
      Transcriber: 'gnubg-generate.py',
      Comment: 'Generated match; comment with ] and \\ and :',
      'Player 1 Elo': '1500 (12 exp)', // WR: White's rating
      'Player 2 Elo': '1600', // BR
      Crawford: 'On',
    });
    const g = m.games[0];
    expect(g).toMatchObject({
      number: 1,
      line: 1,
      startScore: [0, 0],
      result: { winner: 1, points: 1, resigned: false, andMatch: false, line: 1, column: 298 },
    });
  });

  it("moves: point letters in the mover's own numbering, dice as written, a line and column each", () => {
    const g = only('gnubg-matchinfo-escaped-names.sgf').games[0];
    // ;B[53qvsv]  ;W[55mhmhhchc]  … ;B[31yx]: Black enters from the bar
    expect(g.actions.slice(0, 5).map(brief)).toEqual([
      '1:53 8/3 6/3',
      '0:55 13/8 13/8 8/3 8/3',
      '1:63 24/18 18/15',
      '0:53 13/10 6/1',
      '1:31 25/24',
    ]);
    expect(g.actions[0]).toMatchObject({
      type: 'roll',
      side: 1,
      line: 2,
      column: 2,
      marker: null,
      moves: [{ points: [8, 3], hits: [false], repeat: 1 }, { points: [6, 3] }],
    });
    expect(g.actions.slice(-2).map(brief)).toEqual(['1:double=null', '0:drop']);
  });

  it('bear-off, dances and one checker moved twice', () => {
    const m = read(game('MI[length:1]', ';W[65xrrm]\n;B[64]\n;W[66fzezdzcz]\n;B[11xz]\n;W[51azaz]'));
    expect(m.games[0].actions.map(brief)).toEqual([
      '0:65 24/18 18/13',
      '1:64',
      '0:66 6/0 5/0 4/0 3/0',
      '1:11 1/0',
      '0:51 1/0 1/0',
    ]);
  });

  it('cube actions as written: every offer a double with no value, beavers and raccoons too (SGF writes neither)', () => {
    const g = only('gnubg-money-raccoon-autodouble.sgf').games[0];
    expect(g.actions.filter((a) => a.type !== 'roll').map(brief)).toEqual([
      '1:double=null',
      '0:take',
      '0:double=null',
      '1:double=null',
      '0:double=null',
      '1:double=null',
      '0:take',
    ]);
    expect(g.result).toMatchObject({ winner: 0, points: 32, resigned: true });
  });

  it('automatic doubles of a money game (root CV) start the cube', () => {
    const m = only('gnubg-money-raccoon-autodouble.sgf');
    expect(m.length).toBe(0);
    expect(header(m, 'Jacoby')).toBe('Off');
    const g = m.games[1];
    expect(g.setup).toEqual({ autoDoubles: 1, line: 42 });
    expect(g.actions.slice(-2).map(brief)).toEqual(['0:double=null', '1:drop']);
    const verdict = auditFile(fixture('sgf', 'gnubg-money-raccoon-autodouble.sgf'), 'x')[0].games[1];
    expect(verdict).toMatchObject({
      termination: 'drop',
      winner: 0,
      cube: { value: 2 },
      points: { recorded: 2, nominal: 2 },
    });
  });

  it('a resignation while a double is pending: scored on the cube before it', () => {
    const m = only('gnubg-resign-while-doubled.sgf');
    const g = m.games[0];
    expect(brief(g.actions[g.actions.length - 1])).toBe('0:double=null');
    expect(g.result).toMatchObject({ winner: 0, points: 2, resigned: true });
    const verdict = auditFile(fixture('sgf', 'gnubg-resign-while-doubled.sgf'), 'x')[0].games[0];
    expect(verdict).toMatchObject({
      termination: 'resign',
      winner: 0,
      outcome: 'gammon',
      cube: { value: 1 },
      points: { recorded: 2, nominal: 2 },
    });
  });

  it('a saved position: set-up nodes give the board, the side on roll and the cube', () => {
    const g = only('gnubg-position-setup.sgf').games[0];
    expect(g.actions).toEqual([]);
    // AW[a][a][c][c][f][f][f][h][h][h][k][k][m][m][u]: White's own points 1, 3, 6, 8, 11, 13, 21.
    const white = [0, 2, 0, 2, 0, 0, 3, 0, 3, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0];
    // AB[t][t][s][s][s][s][r][r][r][q][q][o][l][l][b]: Black's own points 5, 6, 7, 8, 10, 13, 23.
    const black = [0, 0, 0, 0, 0, 2, 4, 3, 2, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0];
    expect(g.setup).toEqual({ line: 2, onRoll: 1, cube: { value: 1, owner: -1 }, sides: [white, black] });
  });

  it('a set-up of more checkers than a side has is a parse-error, and the game is not replayed from it', () => {
    const text = new TextDecoder().decode(fixture('sgf', 'gnubg-position-setup.sgf'));
    const overfull = new TextEncoder().encode(text.replace('AW[a][a]', `AW${'[a]'.repeat(42)}`));
    const r = importRecord(overfull, 'x.sgf');
    expect(r.errors).toMatchObject([
      { line: 2, expected: 'a position of at most 15 checkers a side', found: 'more for White' },
    ]);
    expect(r.matches[0].games[0].setup?.sides).toBeUndefined();
    // Audited, not thrown: the Position ID of a board of 55 checkers cannot be made.
    expect(() => auditFile(overfull, 'x.sgf')).not.toThrow();
  });

  it('a rollout log: set-up nodes before the moves, no result', () => {
    const g = only('gnubg-rollout-log.sgf').games[0];
    const start = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
    expect(g.setup).toEqual({ line: 2, onRoll: 1, cube: { value: 1, owner: -1 }, sides: [start, start] });
    expect(g.result).toBeNull();
    expect(brief(g.actions[0])).toBe('1:32 24/21 13/11');
    expect(g.actions.filter((a) => a.type !== 'roll').map(brief)).toEqual([
      '0:double=null',
      '1:take',
      '1:double=null',
      '0:drop',
    ]);
  });

  it("gnubg's pending-roll placeholder (PL + DI, then the same dice) is not a played move", () => {
    const m = only('gnubg-pending-roll.sgf');
    const g = m.games[0];
    expect(g.number).toBe(2); // MI[game:1], counted from 0
    expect(g.result).toBeNull();
    expect(brief(g.actions[g.actions.length - 1])).toBe('0:21 13/11 22/21');
    expect(g.comments).toEqual([{ text: 'Black rolled 55 and has not moved yet', line: 13 }]);
  });
});

describe('sgf import: other writers', () => {
  it('Gibbon: dice low first, PB before PW, resign:N / accept, RE[W+2Resign]', () => {
    const m = only('gibbon-7point-resign-dice-low-first.sgf');
    expect(m.players).toEqual(['JoeBlack', 'SnowWhite']);
    expect(m.games.map((g) => g.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const g4 = m.games[3];
    expect(g4.result).toMatchObject({ winner: 0, points: 2, resigned: true });
    expect(brief(g4.actions[g4.actions.length - 1])).toBe('1:resign 2');
    expect(brief(g4.actions[0])).toBe('0:25 24/22 13/8');
    expect(header(m, 'Crawford')).toBe('On');
  });

  it('Gibbon: an edited position with the cube owned', () => {
    const g = only('gibbon-edited-position.sgf').games[0];
    expect(g.startScore).toEqual([6, 3]);
    expect(g.setup).toMatchObject({ onRoll: 0, cube: { value: 2, owner: 0 } });
    expect(g.setup?.sides?.map((s) => s.reduce((a, b) => a + b, 0))).toEqual([15, 15]);
  });

  it('BackgammonMobile: a line break after the opening parenthesis', () => {
    const m = only('backgammonmobile-match.sgf');
    expect(m).toMatchObject({ players: ['AI(5)', 'PL1'], length: 5 });
    expect(m.games[0].line).toBe(1);
    expect(m.games[0].actions[0]).toMatchObject({ side: 1, line: 3, column: 2 });
  });

  it('libgsgf: partial AE ranges on the start position; PL[b] is White, as gnubg reads it', () => {
    const g = only('libgsgf-setup-properties.sgf').games[0];
    expect(g.setup?.sides?.[0].slice(0, 14)).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 6]);
    expect(g.setup?.sides?.[1].slice(0, 14)).toEqual([10, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1]);
    expect(g.setup?.onRoll).toBe(0);
  });

  it('only game trees with GM[6] in their first node are games', () => {
    const m = only('libgsgf-multi-game-tree.sgf');
    expect(m.games).toHaveLength(1);
    expect(m.gameNumbersFrom).toBeUndefined();
  });
});

describe('sgf import: rules, numbering, results', () => {
  it.each<[string, Record<string, string | undefined>, string]>([
    ['RU[Crawford:CrawfordGame:Nackgammon]', { Crawford: 'On', Variation: 'NackGammon' }, 'nackgammon'],
    ['RU[NoCube:Crawford]', { Crawford: 'On', Cube: 'Off' }, 'backgammon'],
    ['RU[Crawford:Hypergammon2]', { Crawford: 'On', Variation: 'HyperGammon (2)' }, 'hypergammon2'],
    ['', { Crawford: 'Off', Jacoby: undefined }, 'backgammon'],
  ])('match play, %s', (ru, headers, variant) => {
    const m = read(game(`MI[length:5][game:0][ws:0][bs:0]${ru}`));
    for (const [key, value] of Object.entries(headers)) expect(header(m, key), key).toBe(value);
    expect(m.variant).toBe(variant);
  });

  it('money play: Jacoby on or off, no Crawford', () => {
    expect(header(read(game('MI[length:0]RU[Jacoby]')), 'Jacoby')).toBe('On');
    const m = read(game('MI[length:0]'));
    expect([header(m, 'Jacoby'), header(m, 'Crawford')]).toEqual(['Off', undefined]);
  });

  it('game numbers from 1 (the SGF standard) are read as such', () => {
    const text =
      '(;GM[6]AP[Other:1]MI[length:3][game:1]\n;B[41lpab])(;GM[6]AP[Other:1]MI[length:3][game:2][bs:1]\n;W[21])';
    const m = read(text);
    expect(m.gameNumbersFrom).toBe(1);
    expect(m.games.map((g) => [g.number, g.startScore])).toEqual([
      [1, [0, 0]],
      [2, [0, 1]],
    ]);
  });

  it('a collection whose game numbers start again holds two matches', () => {
    const one = game('MI[length:3][game:0]') + game('MI[length:3][game:1]');
    const r = importSgf(one + one, 't.sgf');
    expect(r.matches.map((m) => [m.index, m.line, m.games.map((g) => g.number)])).toEqual([
      [1, 1, [1, 2]],
      [2, 5, [1, 2]],
    ]);
  });

  it.each<[string, object | null]>([
    ['W+2', { winner: 0, points: 2, resigned: false }],
    ['B+3R', { winner: 1, points: 3, resigned: true }],
    ['w+2Resign', { winner: 0, points: 2, resigned: true }],
    ['B+0', { winner: 1, points: 1, resigned: false }],
    ['Void', null],
    ['0', null],
    ['?', null],
  ])('RE[%s]', (re, result) => {
    const g = read(game(`MI[length:3]RE[${re}]`)).games[0];
    if (result === null) expect(g.result).toBeNull();
    else expect(g.result).toMatchObject({ ...result, andMatch: false, line: 1, column: 52 });
  });

  it('CRLF line ends and a byte-order mark read as LF', () => {
    const lf = fixture('sgf', 'backgammonmobile-match.sgf');
    const crlf = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(new TextDecoder().decode(lf).replace(/\n/g, '\r\n')),
    ]);
    const a = importRecord(lf, 'x');
    const b = importRecord(crlf, 'x');
    expect(b.format).toBe('sgf');
    expect(b.matches).toEqual(a.matches);
  });

  it('Gibbon: a rejected resignation is not one', () => {
    const g = read(game('MI[length:3]', ';B[41lpab]\n;W[resign:1]\n;B[reject]\n;W[21]')).games[0];
    expect(g.actions.map(brief)).toEqual(['1:41 13/9 24/23', '0:21']);
  });
});

describe('sgf import: what cannot be read', () => {
  it.each<[string, number, number, string]>([
    ['unterminated-value.sgf', 8, 7, "']'"],
    ['missing-close-paren.sgf', 46, 1, "')'"],
    ['junk-between-nodes.sgf', 9, 12, 'a property'],
    ['property-without-value.sgf', 11, 1, "'['"],
    ['die-out-of-range.sgf', 11, 4, 'two dice from 1 to 6'],
    ['bad-point-letter.sgf', 12, 8, 'a pair of point letters'],
    ['no-backgammon-tree.sgf', 1, 1, 'a backgammon game tree'],
  ])('%s → line %i, column %i', (name, line, column, expected) => {
    const r = importRecord(fixture('sgf', 'broken', name), name);
    expect(r.format).toBe('sgf');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line, column });
    expect(r.errors[0].expected).toContain(expected);
  });

  it('a move that cannot be read: the game keeps what comes before it', () => {
    const r = importRecord(fixture('sgf', 'broken', 'die-out-of-range.sgf'), 'x');
    const g = r.matches[0].games[0];
    expect(g.unreadableFrom).toBe(11);
    expect(g.actions.map((a) => a.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(g.result).toMatchObject({ winner: 0, points: 2 });
  });

  it('a syntax error inside a game: the game is read up to its line, as a .mat game is', () => {
    const lines = new TextDecoder().decode(fixture('sgf', 'backgammonmobile-match.sgf')).split('\n');
    lines[10] += ' 7x';
    const r = importRecord(new TextEncoder().encode(lines.join('\n')), 'x.sgf');
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([[11, 12]]);
    const game = r.matches[0].games[0];
    expect(game.unreadableFrom).toBe(11);
    expect(game.actions).toHaveLength(8);
    expect(Math.max(...game.actions.map((a) => a.line))).toBe(10);
  });

  it('junk between two game trees belongs to neither game', () => {
    const one = new TextDecoder().decode(fixture('sgf', 'backgammonmobile-match.sgf')).trimEnd();
    const r = importRecord(new TextEncoder().encode(`${one}\njunk here\n${one}\n`), 'x.sgf');
    expect(r.errors.map((e) => e.line)).toEqual([46]);
    expect(r.matches.flatMap((m) => m.games.map((g) => [g.unreadableFrom, g.actions.length]))).toEqual([
      [null, 42],
      [null, 42],
    ]);
  });

  it('a second move in one node, a position set up mid-game, an unreadable result', () => {
    const r = importSgf(game('MI[length:3]RE[X+1]', ';B[41lpab]W[21]\n;W[31]\n;AE[a]\n;B[11]'), 't.sgf');
    expect(r.errors.map((e) => [e.line, e.column, e.expected])).toEqual([
      [1, 52, "a result such as 'W+2' or 'B+3R'"],
      [2, 11, 'one move per node'],
      [4, 2, 'a move or a cube action (a position set up after the first move cannot be followed)'],
    ]);
    const g = r.matches[0].games[0];
    expect(g.actions.map(brief)).toEqual(['1:41 13/9 24/23', '0:31']);
    expect(g.unreadableFrom).toBe(4);
  });
});
