import { describe, expect, it } from 'vitest';
import { parseMat, type Cell, type MoveLineNode } from '../../grammars/mat.js';

const game = (body: string, match = ' 7 point match') =>
  `${match}\n\n Game 1\n Anna : 0                       Boris : 0\n${body}\n`;

function cellsOf(line: string): Cell[] {
  const tree = parseMat(game(line));
  const node = tree.matches[0].games[0].body[0];
  expect(node.type).toBe('moves');
  return (node as MoveLineNode).cells;
}

const move = (points: number[], hits: boolean[] = points.slice(1).map(() => false), repeat = 1) => ({
  points,
  hits,
  repeat,
});

describe('mat grammar: move lines', () => {
  it.each<[string, string, Partial<Cell>[]]>([
    [
      'two columns',
      '  1) 52: 13/8 24/22                 41: 13/9 24/23',
      [
        { type: 'roll', column: 5, dice: [5, 2], moves: [move([13, 8]), move([24, 22])], marker: null },
        { type: 'roll', column: 36, dice: [4, 1], moves: [move([13, 9]), move([24, 23])] },
      ],
    ],
    ['hit markers', '  4) 41: 25/22* 6/5*', [{ dice: [4, 1], moves: [move([25, 22], [true]), move([6, 5], [true])] }]],
    ['bar and off words', '  5) 31: bar/22 4/off', [{ moves: [move([25, 22]), move([4, 0])] }]],
    ['off as 0', '  6) 65: 6/0 5/0', [{ moves: [move([6, 0]), move([5, 0])] }]],
    ['repeat counts', '  7) 22: 13/11(2) 6/4*(2)', [{ moves: [move([13, 11], [false], 2), move([6, 4], [true], 2)] }]],
    ['chained moves', '  8) 43: 8/5*/1', [{ moves: [move([8, 5, 1], [true, false])] }]],
    ['mixed', '  9) 66: 13/8 13/8 6/1*(2)', [{ moves: [move([13, 8]), move([13, 8]), move([6, 1], [true], 2)] }]],
    ['empty move', ' 10) 43:', [{ type: 'roll', dice: [4, 3], moves: [], marker: null }]],
    ['empty move with trailing space', ' 10) 43: ', [{ type: 'roll', dice: [4, 3], moves: [] }]],
    ['XG unknown move', ' 11) 21: ???', [{ type: 'roll', moves: [], marker: 'unknown' }]],
    ['Studio unknown move', ' 11) 32: ????', [{ type: 'roll', marker: 'unknown' }]],
    ['cannot move', ' 12) 66: Cannot Move', [{ type: 'roll', marker: 'cannot-move' }]],
    ['illegal play', ' 13) 43: Illegal play', [{ type: 'roll', marker: 'illegal-play' }]],
    [
      'double and take',
      ' 14)  Doubles => 2                 Takes',
      [
        { type: 'cube', kind: 'double', value: 2, column: 6 },
        { type: 'take', column: 35 },
      ],
    ],
    [
      'beaver and raccoon',
      ' 15)  Beavers => 4                Raccoons => 8',
      [
        { type: 'cube', kind: 'beaver', value: 4 },
        { type: 'cube', kind: 'raccoon', value: 8 },
      ],
    ],
    [
      'drop and win',
      ' 16)  Drops                       Wins 1 point',
      [{ type: 'drop' }, { type: 'wins', points: 1, andMatch: false }],
    ],
    [
      'win and the match',
      '      Wins 4 points and the match',
      [{ type: 'wins', points: 4, andMatch: true, column: 6 }],
    ],
    ['losses', ' 17) 62: 1/0 1/0                  Losses 2 point', [{ type: 'roll' }, { type: 'losses', points: 2 }]],
    [
      'resigns beside the winner',
      ' 21) Resigns                       Wins 2 points',
      [{ type: 'resigns' }, { type: 'wins', points: 2 }],
    ],
    [
      'resign, resigned',
      ' 21) 62: 24/18 13/11 Resign         Resigned',
      [{ type: 'roll' }, { type: 'resigns' }, { type: 'resigns' }],
    ],
    [
      'stray move number',
      ' 24) 43: 21/18 18/14              24)  Losses 2 point',
      [{ type: 'roll' }, { type: 'number', value: 24 }, { type: 'losses', points: 2 }],
    ],
    [
      'overflowing left cell',
      ' 13) 55: 23/18 18/13 18/13 18/13 64: 15/11 16/10 ',
      [
        { type: 'roll', dice: [5, 5] },
        { type: 'roll', dice: [6, 4], column: 33 },
      ],
    ],
    ['first column empty', '  1)                             62: 24/18 13/11 ', [{ type: 'roll', column: 33 }]],
    ['numbered empty line', '  25)                                   ', []],
    ['tabs as spaces', '  1)\t52: 13/8\t24/22', [{ type: 'roll', moves: [move([13, 8]), move([24, 22])] }]],
  ])('%s', (_name, line, expected) => {
    const cells = cellsOf(line);
    expect(cells).toHaveLength(expected.length);
    expected.forEach((e, k) => expect(cells[k]).toMatchObject(e));
  });
});

describe('mat grammar: file structure', () => {
  it('keeps every header and comment before the match line', () => {
    const tree = parseMat(
      '; [Site "BackgammonGalaxy"]\n; [Player 1 Elo "5,00/0"]\n# a hash comment\n; free text\n\n5 point match\n',
    );
    const pre = tree.matches[0].preamble;
    expect(pre.map((n) => n.type === 'comment' && n.header)).toEqual([
      { key: 'Site', value: 'BackgammonGalaxy' },
      { key: 'Player 1 Elo', value: '5,00/0' },
      null,
      null,
    ]);
    expect(pre.map((n) => n.line)).toEqual([1, 2, 3, 4]);
    expect(tree.matches[0]).toMatchObject({ length: 5, line: 6 });
  });

  it.each([
    [' 7 point match', 7],
    ['7 point match', 7],
    ['0 point match', 0],
    ['1 point match', 1],
    ['unlimited game', 0],
  ])('match line %j → length %i', (line, length) => {
    expect(parseMat(`${line}\n`).matches[0].length).toBe(length);
  });

  it('reads several matches in one file (BBGT), each with its own headers', () => {
    const one =
      '; [Event "E%"]\n 3 point match\n\n Game 1\n A : 0      B : 0\n  1) 52: 13/8 24/22\n      Wins 1 point\n\n';
    const tree = parseMat(one.replace('%', '1') + one.replace('%', '2'));
    expect(tree.matches).toHaveLength(2);
    expect(tree.matches.map((m) => m.preamble.map((p) => p.type === 'comment' && p.header?.value))).toEqual([
      ['E1'],
      ['E2'],
    ]);
    expect(tree.matches[1].games[0].line).toBe(12);
  });

  it.each<[string, string, [string, string], [number, number], [number | null, number | null]]>([
    ['gnubg', ' charlot1 : 0                   charlot2 : 3', ['charlot1', 'charlot2'], [0, 3], [null, null]],
    [
      'names with spaces',
      ' Hossein Aghili : 1              lasse : 2',
      ['Hossein Aghili', 'lasse'],
      [1, 2],
      [null, null],
    ],
    [
      'non-ASCII',
      ' Kévin Unger : 0                 Maxence Job : 0',
      ['Kévin Unger', 'Maxence Job'],
      [0, 0],
      [null, null],
    ],
    ['empty left name', '  : 0                            lasse : 0', ['', 'lasse'], [0, 0], [null, null]],
    ['empty right name', ' lasse : 0                        : 0', ['lasse', ''], [0, 0], [null, null]],
    ['no space before colon', 'Iris09: 0                  Bob77: 2', ['Iris09', 'Bob77'], [0, 2], [null, null]],
    ['GridGammon ratings', ' anna,1650 : 4                  bob,1834 : 2', ['anna', 'bob'], [4, 2], [1650, 1834]],
    [
      'digits and symbols',
      ' XG-Intermediate : 10           Ken_2 : 7',
      ['XG-Intermediate', 'Ken_2'],
      [10, 7],
      [null, null],
    ],
    ['collapsed paste', 'sroafrc : 0 You : 0', ['sroafrc', 'You'], [0, 0], [null, null]],
  ])('score line: %s', (_name, line, names, scores, ratings) => {
    const score = parseMat(` 7 point match\n\n Game 1\n${line}\n`).matches[0].games[0].score;
    expect(score).toMatchObject({ type: 'score', names, scores, ratings, line: 4 });
  });

  it('comments between moves stay in the game; the run before the next match goes to that match', () => {
    const body = '  1) 52: 13/8 24/22\n; one\n\n; two\n  2) 31: 8/5 6/5\n; three\n\n; four\n  3) 42: 8/4 6/4\n';
    const tree = parseMat(` 3 point match\n\n Game 1\n A : 0      B : 0\n${body}; five\n\n; six\n 1 point match\n`);
    expect(tree.matches).toHaveLength(2);
    const texts = (nodes: { type: string; text?: string }[]) =>
      nodes.map((n) => (n.type === 'comment' ? n.text : n.type));
    expect(texts(tree.matches[0].games[0].body)).toEqual(['moves', 'one', 'two', 'moves', 'three', 'four', 'moves']);
    expect(texts(tree.matches[1].preamble)).toEqual(['five', 'six']);
  });

  it('ignores trailing comments and blank lines, keeping comments in the game', () => {
    const tree = parseMat(game('  1) 52: 13/8 24/22\n; connection lost\n\n\n'));
    expect(tree.matches[0].games[0].body.map((n) => n.type)).toEqual(['moves', 'comment']);
    expect(tree.leftover).toEqual([]);
  });

  it('reads a last line without a newline', () => {
    const tree = parseMat(
      ' 1 point match\n\nGame 1 \nKen : 0                              XG : 0 \n 1) 31: 8/5 6/5\n 2)  Wins 1 point',
    );
    const body = tree.matches[0].games[0].body as MoveLineNode[];
    expect(body.map((b) => b.cells[0].type)).toEqual(['roll', 'wins']);
  });
});

describe('mat grammar: unreadable lines', () => {
  it.each<[string, string, number, string, string]>([
    ['die out of range', '  1) 72: 13/8', 6, 'two dice from 1 to 6', "'72:'"],
    ['point not a number', '  1) 52: 13/x 24/22', 13, "a point: 0-25, 'bar' or 'off'", "'x'"],
    ['slash at end of line', '  1) 52: 13/', 13, 'a point', 'end of line'],
    ['junk after a move', '  1) 52: 13/8x', 14, "'/', '*'", "'x'"],
    ['cube without a value', '  1)  Doubles => two', 18, 'cube value', "'two'"],
    ['cube without arrow', '  1)  Doubles 2', 15, "'=> N'", "'2'"],
    ['result without points', '      Wins a point', 12, 'number of points', "'a'"],
    ['result with a bad word', '      Wins 2 pts', 14, "'point' or 'points'", "'pts'"],
    ['free text', '  1) hello there', 6, 'a roll', "'hello'"],
  ])('%s: column and expectation', (_name, line, column, expected, found) => {
    const tree = parseMat(game(line));
    const node = tree.matches[0].games[0].body[0];
    expect(node).toMatchObject({ type: 'bad', line: 5, column, found });
    expect(node.type === 'bad' && node.expected).toContain(expected);
  });

  it('goes on after an unreadable line', () => {
    const tree = parseMat(game('  1) 52: 13/8 2x/22\n  2) 41: 13/9 24/23\n      Wins 1 point'));
    expect(tree.matches[0].games[0].body.map((n) => n.type)).toEqual(['bad', 'moves', 'moves']);
  });

  it('never throws, whatever the text', () => {
    for (const text of [
      '',
      '\n\n',
      'Game 1\n',
      '(;FF[4])',
      '7 point match\nGame\n',
      ' 7 point match\n Game 1\n\n\n',
      '\u0000\u0001',
      'x'.repeat(10000),
    ]) {
      expect(() => parseMat(text)).not.toThrow();
    }
  });
});

describe('mat grammar: regressions found by the fuzzer', () => {
  it('a comment in a game followed by a last line without newline (the body restarted at offset 0)', () => {
    const tree = parseMat('7 point match\n Game 1\n A : 0      B : 0\n; x\n  34)');
    expect(tree.matches[0].games[0].body.map((n) => n.type)).toEqual(['comment', 'moves']);
  });
});
