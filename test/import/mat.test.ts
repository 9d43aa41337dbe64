import { describe, expect, it } from 'vitest';
import { importRecord } from '../../src/import/index.js';
import type { Action, MatchRecord } from '../../src/core/model.js';
import { fixture } from '../helpers.js';
import { auditFile } from '../../src/read/file.js';
import type { AuditedMatch } from '../../src/core/model.js';

function read(name: string) {
  return importRecord(fixture('mat', name), name);
}

function only(name: string): MatchRecord {
  const r = read(name);
  expect(r.errors).toEqual([]);
  expect(r.matches).toHaveLength(1);
  return r.matches[0];
}

const brief = (a: Action) =>
  a.type === 'roll'
    ? `${a.side}:${a.dice.join('')}`
    : a.type === 'double'
      ? `${a.side}:${a.kind}=${a.value}`
      : `${a.side}:${a.type}`;

describe('a line read cell by cell', () => {
  const file = 'gammonview-resigns.mat';

  it("GammonView's Resigns is a resignation worth the Wins beside it, wherever it stands", () => {
    const { matches, errors } = read(file);
    const games = matches[0].games;
    const resigns = (k: number) => games[k].actions.filter((a) => a.type === 'resign');
    // Alone in the right column, the winner's Wins on the next line.
    expect(resigns(0)).toMatchObject([{ side: 1, line: 10, points: null }]);
    expect(games[0].result).toMatchObject({ winner: 0, points: 1 });
    // At the left column's place, beside the winner's Wins.
    expect(resigns(1)).toMatchObject([{ side: 0, line: 16, points: null }]);
    expect(games[1].result).toMatchObject({ winner: 1, points: 2 });
    // After a move, beside the Wins.
    expect(games[2].actions.map(brief)).toEqual(['0:31', '1:42', '0:64', '0:resign']);
    expect(games[2].result).toMatchObject({ winner: 1, points: 1 });
    expect(errors).toEqual([]);
    const [report] = auditFile(fixture('mat', file), file) as AuditedMatch[];
    expect(report.findings).toEqual([]);
    expect(report.games.map((g) => [g.winner, g.points.credited])).toEqual([
      [0, 1],
      [1, 2],
      [1, 1],
    ]);
  });

  it('an unknown word is one error on its cell: the move before it is played, the result beside it kept', () => {
    const name = 'unknown-word-beside-result.mat';
    const { matches, errors } = importRecord(fixture('mat', 'broken', name), name);
    expect(errors).toMatchObject([{ line: 8, column: 22, found: "'Offers'" }]);
    const [game] = matches[0].games;
    expect(game.unreadableFrom).toBe(8);
    expect(game.result).toMatchObject({ winner: 1, points: 1 });
    const [report] = auditFile(fixture('mat', 'broken', name), name) as AuditedMatch[];
    expect(report.findings.map((f) => `${f.line}:${f.column} ${f.code}`)).toEqual(['8:22 parse-error']);
    expect(report.games[0]).toMatchObject({ winner: 1, points: { credited: 1 } });
  });
});

describe('mat import: dialect fixtures', () => {
  it('gnubg export: players, length, every game with its recorded start score and result', () => {
    const m = only('gnubg-7p-hits-and-dances.mat');
    expect(m).toMatchObject({
      format: 'mat',
      index: 1,
      players: ['charlot1', 'charlot2'],
      length: 7,
      variant: 'backgammon',
    });
    expect(m.headers).toEqual([{ key: 'EventDate', value: '2025.11.08', line: 1 }]);
    expect(m.games.map((g) => [g.number, g.line, g.startScore, g.result?.winner, g.result?.points])).toEqual([
      [1, 5, [0, 0], 1, 2],
      [2, 33, [0, 2], 0, 2],
      [3, 59, [2, 2], 0, 4],
      [4, 91, [6, 2], 0, 3],
    ]);
    const g1 = m.games[0];
    expect(g1.actions.slice(0, 3).map(brief)).toEqual(['1:41', '0:31', '1:41']);
    expect(g1.actions.find((a) => a.type === 'double')).toMatchObject({ side: 1, value: 2, line: 16, column: 35 });
    expect(g1.actions.find((a) => a.type === 'take')).toMatchObject({ side: 0, line: 17 });
  });

  it('XG desktop: BOM, CRLF, UTF-8 names, the score line decides the player order', () => {
    const m = only('xg-desktop-bom-crlf-utf8.mat');
    expect(m.players).toEqual(['Kévin Unger', 'Maxence Job']);
    expect(m.headers.find((h) => h.key === 'Player 1')?.value).toBe('Maxence Job');
    expect(m.headers.find((h) => h.key === 'Site')?.value).toBe('Paris, Fédération Française de Bridge');
    const unknown = m.games.flatMap((g) => g.actions).filter((a) => a.type === 'roll' && a.marker === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
  });

  it('XG Mobile: money (length 0), right column at 37, no final newline', () => {
    const m = only('xg-mobile-money-no-final-newline.mat');
    expect(m.length).toBe(0);
    expect(m.headers.find((h) => h.key === 'Jacoby')?.value).toBe('On');
    const last = m.games[m.games.length - 1];
    expect(last.result).not.toBeNull();
  });

  it('Backgammon Studio: bar/off words, repeat counts, Cannot Move, 40-column layout', () => {
    const m = only('bgstudio-bar-off-repeats.mat');
    const rolls = m.games.flatMap((g) => g.actions).filter((a) => a.type === 'roll');
    expect(rolls.some((r) => r.type === 'roll' && r.moves.some((mv) => mv.repeat === 2))).toBe(true);
    expect(rolls.some((r) => r.type === 'roll' && r.moves.some((mv) => mv.points[0] === 25))).toBe(true);
    expect(rolls.some((r) => r.type === 'roll' && r.marker === 'cannot-move')).toBe(true);
    // Line 21: `  2) 65: 24/18 23/18                    22: 24/22(2) 13/11(2)` → left then right.
    expect(rolls.filter((r) => r.line === 21).map(brief)).toEqual(['0:65', '1:22']);
  });

  it('the right player starts: the first cell stands in the right column', () => {
    const m = only('gnubg-right-player-starts.mat');
    expect(m.games[0].actions.map(brief)).toEqual(['1:62', '0:62', '1:51']);
    expect(m.games[0].result).toMatchObject({ winner: 0, points: 1, andMatch: false, line: 9 });
  });

  it('galaxy resignations: Losses is the loser, whatever its column', () => {
    for (const [name, winner] of [
      ['galaxy-losses-bare-line.mat', 0],
      ['galaxy-losses-after-roll.mat', 0],
      ['galaxy-resign-before-first-roll.mat', 1],
      ['galaxy-stray-move-number.mat', 1],
    ] as const) {
      const m = only(name);
      const last = m.games[m.games.length - 1];
      expect(last.result?.winner, name).toBe(winner);
      const resign = last.actions.find((a) => a.type === 'resign');
      expect(resign, name).toMatchObject({ side: 1 - winner });
    }
  });

  it('galaxy: names with spaces', () => {
    const m = only('galaxy-names-with-spaces.mat');
    expect(m.games.some((g) => g.players.includes('Hossein Aghili'))).toBe(true);
  });

  it('chained, repeated, bar and off notation', () => {
    const m = only('notation-chained-repeated-bar-off.mat');
    const moves = m.games[0].actions.flatMap((a) => (a.type === 'roll' ? a.moves : []));
    expect(moves).toContainEqual({ points: [25, 22, 20], hits: [true, false], repeat: 1 });
    expect(moves).toContainEqual({ points: [13, 8], hits: [false], repeat: 3 });
    expect(moves).toContainEqual({ points: [4, 0], hits: [false], repeat: 1 });
  });

  it('several matches in one file, GridGammon ratings stripped from names', () => {
    const r = read('bbgt-two-matches-gridgammon-ratings.mat');
    expect(r.errors).toEqual([]);
    expect(r.matches.map((m) => [m.index, m.line, m.players])).toEqual([
      [1, 4, ['charlot1', 'charlot2']],
      [2, 16, ['charlot1', 'charlot2']],
    ]);
  });

  it('beavers and raccoons', () => {
    const m = only('money-beaver-raccoon.mat');
    const cube = m.games[0].actions.filter((a) => a.type === 'double').map(brief);
    expect(cube).toEqual(['1:double=2', '0:double=4', '1:beaver=8', '0:raccoon=16', '1:beaver=32']);
  });

  it('unlimited game is a money session', () => {
    expect(only('unlimited-game.mat').length).toBe(0);
  });

  it('Windows-1252 names come out right; Illegal play is kept as a marker', () => {
    const r = read('cp1252-names-illegal-play.mat');
    expect(r.errors).toEqual([]);
    expect(r.notes.map((n) => n.code)).toEqual(['encoding']);
    expect(r.matches[0].players).toEqual(['Jørn Müller', 'Søren Åberg']);
    expect(r.matches[0].games[0].actions[1]).toMatchObject({
      type: 'roll',
      side: 0,
      marker: 'illegal-play',
      moves: [],
    });
  });

  it('comments after the last move stay with the game', () => {
    const m = only('trailing-comment.mat');
    expect(m.games[1].comments).toEqual([{ text: 'alice wins by forfeit', line: 13 }]);
    expect(m.games[1].result).toBeNull();
  });
});

describe('mat import: broken files', () => {
  it.each<[string, number, number, string]>([
    ['die-out-of-range.mat', 8, 6, 'two dice from 1 to 6'],
    ['unknown-word-beside-result.mat', 8, 22, 'a roll'],
    ['point-not-a-number.mat', 8, 13, 'a point'],
    ['move-cut-short.mat', 7, 47, 'a point'],
    ['cube-without-value.mat', 8, 18, 'the new cube value'],
    ['result-without-points.mat', 9, 12, 'the number of points'],
    ['missing-score-line.mat', 6, 3, 'a score line'],
    ['garbage-in-header.mat', 3, 1, 'a match-length line'],
    ['no-match-line.mat', 5, 2, 'a match-length line'],
    ['empty.mat', 1, 1, 'a text file'],
    ['binary.mat', 1, 1, 'a text file'],
  ])('%s → line %i, column %i', (name, line, column, expected) => {
    const r = importRecord(fixture('mat', 'broken', name), name);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line, column });
    expect(r.errors[0].expected).toContain(expected);
  });

  it('a missing score line costs no move: the line after Game N is read as a move line', () => {
    const r = importRecord(fixture('mat', 'broken', 'missing-score-line.mat'), 'x');
    expect(r.matches[0].games[0].startScore).toBeNull();
    expect(r.matches[0].games[0].actions.map((a) => a.line)).toEqual([6, 7, 7]);
  });

  it('a damaged game keeps its actions up to the bad line, and its result', () => {
    const r = importRecord(fixture('mat', 'broken', 'point-not-a-number.mat'), 'x');
    const g = r.matches[0].games[0];
    expect(g.unreadableFrom).toBe(8);
    expect(g.actions.map((a) => a.line)).toEqual([7]);
    expect(g.result).toMatchObject({ winner: 0, points: 1 });
  });
});
