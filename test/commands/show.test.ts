// `bgaudit show --line` and `--svg`: the board at a line of the record, before the
// action written there, with the match state and the findings made at it; one board as SVG.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, cli, cliWith, tempDir } from '../helpers.js';
import { MAX_GAMES_SHOWN } from '../../src/report/show.js';

const ILLEGAL = join(FIXTURES, 'scoring', 'illegal-move.mat');

/** Checkers per side drawn in an SVG board: board and bar stacks plus the tray. */
function checkers(svg: string): [number, number] {
  const total: [number, number] = [0, 0];
  for (const m of svg.matchAll(/data-side="([01])" data-point="\d+" data-count="(\d+)"/g))
    total[Number(m[1])] += Number(m[2]);
  for (const m of svg.matchAll(/data-off-side="([01])" data-count="(\d+)"/g)) total[Number(m[1])] += Number(m[2]);
  return total;
}

describe('show --line', () => {
  it.each(['0x10', '1e3', ' 12', '12 ', '+12', '0'])(
    'refuses %j: a line is a whole number in decimal digits',
    async (v) => {
      const r = await cli('show', ILLEGAL, '--line', v);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--line: a whole number from 1');
    },
  );

  it('an illegal move at line:column: the board before it, the match state, the finding and a legal play', async () => {
    const r = await cli('show', ILLEGAL, '--line', '9:6');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Line 9:6, game 1 (before the action written there): 2) 64: 24/18 18/13');
    expect(r.stdout).toContain('Anna 0 - 0 Boris; 3-point match; cube 1, centred; Anna to play 6-4');
    expect(r.stdout).toContain('Position ID 4HPhASjgc/ABMA   Match ID MAFzAAAAAAAE');
    expect(r.stdout).toContain('error: 64: 18/13 is 5 pips; the roll 6-4 moves 6, 4 or 10 (illegal-move, line 9)');
    expect(r.stdout).toContain('a legal play: 24/18 24/20');
    // Boris's opening 41: 13/9 24/23 is on the board: one of his checkers on Anna's 16.
    expect(r.stdout).toMatch(/\|\s+5X\s+\.\s+\.\s+1O\s+3O/);
  });

  it("the right-hand column: the second player's move, not the first's", async () => {
    const r = await cli('show', ILLEGAL, '--line', '9:34');
    expect(r.stdout).toContain('Line 9:34, game 1 (before the action written there)');
    expect(r.stdout).toContain('Boris to play 5-4');
    expect(r.stdout).toContain('Recorded: 54: 8/4 9/4');
    expect(r.stdout).not.toContain('to play 6-4');
    // The finding is about Anna's move, at column 6.
    expect(r.stdout).toContain('No finding here.');
    expect(r.stdout.match(/Position ID/g)).toHaveLength(1);
  });

  it('a bare line of two moves draws both boards, each with its own findings', async () => {
    const r = await cli('show', ILLEGAL, '--line', '9');
    expect(r.stdout).toContain('Line 9, game 1: 2) 64: 24/18 18/13');
    const at6 = r.stdout.indexOf('At 9:6 (before the action written there): 64: 24/18 18/13');
    const at34 = r.stdout.indexOf('At 9:34 (before the action written there): 54: 8/4 9/4');
    expect(at6).toBeGreaterThan(0);
    expect(at34).toBeGreaterThan(at6);
    expect(r.stdout.indexOf('(illegal-move, line 9)')).toBeGreaterThan(at6);
    expect(r.stdout.indexOf('(illegal-move, line 9)')).toBeLessThan(at34);
    expect(r.stdout.match(/Position ID/g)).toHaveLength(2);
  });

  it.each([
    ['5:x', '--line column: a whole number'],
    ['5:3:4', 'a line L, or L:C as findings print it'],
    ['0', '--line: a whole number'],
  ])('--line %s: a usage error', async (line, message) => {
    const r = await cli('show', ILLEGAL, '--line', line);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it.each([
    ['the score line: the start of the game', '7', 'the start of the game', 'Position ID 4HPwATDgc/ABMA'],
    ['a line of moves with no finding', '8', 'before the action written there', 'No finding at this line.'],
  ])('%s', async (_, line, words, more) => {
    const r = await cli('show', ILLEGAL, '--line', line);
    expect(r.stdout).toContain(`Line ${line}, game 1 (${words})`);
    expect(r.stdout).toContain(more);
  });

  it('the result line: the final position', async () => {
    const file = join(FIXTURES, 'scoring', 'points-mismatch.mat');
    const r = await cli('show', file, '--line', '82');
    expect(r.stdout).toContain('Line 82, game');
    expect(r.stdout).toContain('(the end of the game)');
    expect(r.stdout).toContain('points-mismatch, line 82');
  });

  it("the header of a file's second match is in no game (not the end of the first match's last game)", async () => {
    const r = await cli('show', join(FIXTURES, 'mat', 'bbgt-two-matches-gridgammon-ratings.mat'), '--line', '13');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 13 is not inside a game');
  });

  it.each([
    ['a line outside any game', ['--line', '2'], 'line 2 is not inside a game'],
    ['--line with --game', ['--line', '9', '--game', '1'], 'give --line or --game, not both'],
    ['--svg of a file of several games, no game named', ['--svg'], '--svg draws one board'],
  ])('%s: a usage error', async (_, args, message) => {
    const file = join(FIXTURES, 'scoring', 'game-after-match.mat');
    const r = await cli('show', args[0] === '--svg' ? file : ILLEGAL, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});

describe('show on a file of very many games', () => {
  it('draws at most MAX_GAMES_SHOWN games and counts the rest; --game draws any one', async () => {
    const dir = tempDir('bgaudit-show-many-');
    const file = join(dir, 'stubs.sgf');
    writeFileSync(file, '(;GM[6])'.repeat(MAX_GAMES_SHOWN + 100));
    const all = await cli('show', file);
    expect(all.stdout.match(/^Game \d+ /gm)).toHaveLength(MAX_GAMES_SHOWN);
    expect(all.stdout).toContain(`… and 100 more games not drawn: show draws at most ${MAX_GAMES_SHOWN} at once`);
    const last = await cli('show', file, '--game', String(MAX_GAMES_SHOWN + 100));
    expect(last.stdout.match(/^Game \d+ /gm)).toEqual([`Game ${MAX_GAMES_SHOWN + 100} `]);
    expect(last.stdout).not.toContain('not drawn');
  });
});

describe('show --svg', () => {
  it('the board at a line, 15 checkers a side, the dice of the roll', async () => {
    const r = await cli('show', ILLEGAL, '--line', '9:6', '--svg');
    expect(r.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(r.stdout.trim().endsWith('</svg>')).toBe(true);
    expect(checkers(r.stdout)).toEqual([15, 15]);
    expect(r.stdout).toContain('data-dice');
  });

  it("a game's final position", async () => {
    const r = await cli('show', ILLEGAL, '--game', '1', '--svg');
    expect(r.stdout).toContain('<title>game 1, final position</title>');
    expect(checkers(r.stdout)).toEqual([15, 15]);
  });
});

describe("a move's board is drawn from the mover's side", () => {
  // Boris (the right-hand player) plays 24/19 with 5-1: his 19 is Anna's 6-point, five of her
  // checkers. Drawn from the left player's side, point 19 showed Boris's own 6-point.
  const blocked = [
    ' 3 point match',
    '',
    ' Game 1',
    ' Anna : 0                       Boris : 0',
    '  1)                             51: 24/19 24/23',
    '',
  ].join('\n');

  it('the point the message names holds what the message says, and the mover sits at the bottom', async () => {
    const r = await cliWith({ stdin: new TextEncoder().encode(blocked) }, 'show', '-', '--line', '5:34');
    expect(r.stdout).toMatch(/illegal-move, line 5/);
    const rows = r.stdout.split('\n');
    const numbers = rows.find((l) => /^\s+13\s+14/.test(l)) ?? '';
    expect(numbers.trim().split(/\s+/).slice(6)).toEqual(['bar', '19', '20', '21', '22', '23', '24']);
    // The top row's right half begins with point 19: Anna's five checkers (X), not Boris's own.
    const top = rows.find((l) => l.startsWith('  |')) ?? '';
    expect(top.split('|')[3].trim().split(/\s+/)[0]).toBe('5X');
    expect(rows.filter((l) => l.includes('borne off')).at(-1)).toContain('O Boris: 0 borne off, on roll');
  });
});

describe('show draws the replayed variant', () => {
  // A hypergammon game (3 checkers a side) stopped by a resignation: nobody has borne off. Built
  // from the Position ID with 15 checkers a side, the board said 12 borne off.
  const hyper = [
    '; [Variation "HyperGammon (3)"]',
    '',
    ' 1 point match',
    '',
    ' Game 1',
    ' Anna : 0                       Boris : 0',
    '  1) 31: 24/21 23/22             ',
    '                                  Wins 1 point and the match',
    '',
  ].join('\n');

  it('a hypergammon board has 3 checkers a side, none borne off', async () => {
    const r = await cliWith({ stdin: new TextEncoder().encode(hyper) }, 'show', '-');
    expect(r.stdout).toContain('X Anna: 0 borne off');
    expect(r.stdout).toContain('O Boris: 0 borne off');
    const svg = await cliWith({ stdin: new TextEncoder().encode(hyper) }, 'show', '-', '--game', '1', '--svg');
    expect(checkers(svg.stdout)).toEqual([3, 3]);
  });
});
