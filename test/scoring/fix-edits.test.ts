// Each fixable code's finding carries its fix where the record makes the correction certain,
// written as edits of the record's own text; where it is not certain, no fix.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS, fixture } from '../helpers.js';
import { auditFile } from '../../src/read/file.js';
import type { Finding } from '../../src/core/model.js';

function findings(bytes: Uint8Array, name = 'x.mat'): Finding[] {
  return auditFile(bytes, name).flatMap((r) => r.findings);
}

const only = (fs: Finding[], code: string) => fs.filter((f) => f.code === code);

describe('fixes made where the findings are', () => {
  it('score-mismatch: the score on the score line, the columns after it kept', () => {
    const [f] = only(findings(fixture('scoring', 'score-mismatch.mat')), 'score-mismatch');
    expect(f?.fix).toEqual({ edits: [{ line: 27, column: 41, from: '0', to: '1' }] });
  });

  it("points-mismatch: the points, in the record's own words", () => {
    const [f] = only(findings(fixture('scoring', 'points-mismatch.mat')), 'points-mismatch');
    expect(f?.fix).toEqual({ edits: [{ line: 82, column: 40, from: '3 points', to: '4 points' }] });
  });

  it('gammon-on-drop: the cube before the double, `point` for one', () => {
    const [f] = only(findings(fixture('scoring', 'gammon-on-drop.mat')), 'gammon-on-drop');
    expect(f?.fix).toEqual({ edits: [{ line: 25, column: 40, from: '2 points', to: '1 point' }] });
  });

  it("winner-mismatch: the result moved to the winner's column", () => {
    const [f] = only(findings(fixture('scoring', 'winner-mismatch.mat')), 'winner-mismatch');
    expect(f?.fix).toEqual({
      edits: [
        { line: 36, column: 1, from: '      Wins 4 points', to: '                                  Wins 4 points' },
      ],
    });
  });

  it('game-after-match: the game removed with the blank line before it', () => {
    const [f] = only(findings(fixture('scoring', 'game-after-match.mat')), 'game-after-match');
    expect(f?.fix).toEqual({ edits: [], remove: { line: 25, lines: 9 } });
  });

  it('no fix where the points of a match-winning game may be capped', () => {
    // A gammon on a 2-cube that wins a 3-point match: 3 (capped) or 4 are right; 5 is neither.
    const text = new TextDecoder().decode(fixture('scoring', 'match-winning-gammon-credited.mat'));
    const fs = findings(new TextEncoder().encode(text.replace(' Wins 3 points\n', ' Wins 5 points\n')));
    const [f] = only(fs, 'points-mismatch');
    expect(f?.expected).toBe('3 to 4');
    expect(f?.fix).toBeUndefined();
  });

  it('no fix for a score line that may be right when the result before it may be wrong', () => {
    // Game 1 of m16 ends by resignation, worth what its result line says: the next score line
    // disagreeing with it may be the wrong one, or the result may be.
    const text = readFileSync(join(CORPUS, 'gnubg-generated', 'm16_len11_auto.mat'), 'latin1');
    const fs = findings(new Uint8Array(Buffer.from(text.replace('Wins 2 points', 'Wins 4 points'), 'latin1')));
    const [f] = only(fs, 'score-mismatch');
    expect(f?.message).toContain('either this score line is wrong');
    expect(f?.fix).toBeUndefined();
  });

  it('resign-value: the value the next score line gives, when it is one a resignation can have', () => {
    const text = readFileSync(join(CORPUS, 'gnubg-generated', 'm16_len11_auto.mat'), 'latin1');
    // Game 1, resigned on a 2-cube, written as 3; the next score line says it gave 2.
    const wrong = text.replace(
      '                                  Wins 2 points',
      '                                  Wins 3 points',
    );
    const [f] = only(findings(new Uint8Array(Buffer.from(wrong, 'latin1'))), 'resign-value');
    expect(f?.fix).toEqual({ edits: [{ line: 36, column: 40, from: '3 points', to: '2 points' }] });
    // A next score line that gives a value no resignation on that cube has: no fix.
    const odd = wrong.replace('Black_gnubg : 2\n', 'Black_gnubg : 5\n');
    const [g] = only(findings(new Uint8Array(Buffer.from(odd, 'latin1'))), 'resign-value');
    expect(g).toBeDefined();
    expect(g?.fix).toBeUndefined();
  });

  it('no fix for a money gammon on a cube never turned whose Jacoby rule nothing states', () => {
    const text = new TextDecoder().decode(fixture('scoring', 'money-jacoby-inferred.mat'));
    const wrong = text.replace('      Wins 1 point', '      Wins 3 points');
    const [f] = only(findings(new TextEncoder().encode(wrong)), 'points-mismatch');
    expect(f).toBeDefined();
    expect(f?.fix).toBeUndefined();
    // The header says the rule: the gammon counts single, a value the record makes certain.
    const stated = wrong.replace(' 0 point match', '; [Jacoby "On"]\n 0 point match');
    const [g] = only(findings(new TextEncoder().encode(stated)), 'points-mismatch');
    expect(g?.fix?.edits[0]?.to).toBe('1 point');
  });

  it("SGF: a game's MI scores on its own lines; none where a line holds more than one game tree", () => {
    const text = readFileSync(join(CORPUS, 'gnubg-generated', 'm14_len7_driven_resign.sgf'), 'latin1');
    const wrong = text.replace('[ws:4][bs:0]', '[ws:5][bs:0]');
    const [f] = only(findings(new Uint8Array(Buffer.from(wrong, 'latin1')), 'x.sgf'), 'score-mismatch');
    expect(f?.fix?.edits).toEqual([{ line: 50, column: 73, from: '5', to: '4' }]);
    const oneLine = `${wrong.replace(/\n/g, '')}\n`;
    const [g] = only(findings(new Uint8Array(Buffer.from(oneLine, 'latin1')), 'x.sgf'), 'score-mismatch');
    expect(g).toBeDefined();
    expect(g?.fix).toBeUndefined();
  });

  it('SGF: a game tree after the match removed where it has lines of its own, else not', () => {
    const text = readFileSync(join(CORPUS, 'gnubg-generated', 'm14_len7_driven_resign.sgf'), 'latin1');
    const again = text.split('\n').slice(0, 49).join('\n').replace('[game:0]', '[game:5]');
    const after = `${text}${again}\n`;
    const [f] = only(findings(new Uint8Array(Buffer.from(after, 'latin1')), 'x.sgf'), 'game-after-match');
    expect(f?.fix).toEqual({ edits: [], remove: { line: 230, lines: 49 } });
    const oneLine = `${after.replace(/\n/g, '')}\n`;
    const [g] = only(findings(new Uint8Array(Buffer.from(oneLine, 'latin1')), 'x.sgf'), 'game-after-match');
    expect(g).toBeDefined();
    expect(g?.fix).toBeUndefined();
  });

  it('never leaves the correction itself in a report', () => {
    const fs = findings(fixture('scoring', 'winner-mismatch.mat'));
    expect(fs.some((f) => 'correction' in f)).toBe(false);
  });
});

describe('no fix where the record allows another reading', () => {
  const STUDIO = join(CORPUS, 'mat', 'bglab_Llabba__BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.mat');
  const studio = () => readFileSync(STUDIO, 'latin1').split('\n');
  const bytes = (lines: string[]) => new Uint8Array(Buffer.from(lines.join('\n'), 'latin1'));

  it('game-after-match: a length written wrong, the score lines counting on past the win, removes nothing', () => {
    const lines = studio();
    const at = lines.findIndex((l) => /^\s*7 point match/.test(l));
    lines[at] = (lines[at] ?? '').replace('7 point match', '3 point match');
    const after = only(findings(bytes(lines)), 'game-after-match');
    expect(after.length).toBeGreaterThan(1);
    for (const f of after) expect(f.fix).toBeUndefined();
  });

  it("points-mismatch: none from a board the game's own illegal moves put in doubt", () => {
    const lines = studio();
    const edit = (n: number, from: string, to: string) => {
      expect(lines[n - 1]).toContain(from);
      lines[n - 1] = (lines[n - 1] ?? '').replace(from, to);
    };
    edit(43, 'Wins 4 point', 'Wins 8 point');
    edit(32, '42: 8/6 4/off', '42: 8/6 4/2');
    edit(33, '52: 6/4 5/off', '52: 6/4 5/3');
    const fs = findings(bytes(lines));
    expect(only(fs, 'illegal-move').length).toBeGreaterThan(0);
    const [points] = only(fs, 'points-mismatch');
    expect(points).toBeDefined();
    expect(points?.fix).toBeUndefined();
  });

  it('points-mismatch: the same result fixed when the moves are as the record made them', () => {
    const lines = studio();
    lines[42] = (lines[42] ?? '').replace('Wins 4 point', 'Wins 8 point');
    const [points] = only(findings(bytes(lines)), 'points-mismatch');
    expect(points?.fix).toEqual({ edits: [{ line: 43, column: 13, from: '8 point', to: '4 point' }] });
  });

  it("game-after-match: a last game's move number with nothing after it is removed with the game", () => {
    const lines = studio();
    const at = (label: string) => lines.findIndex((l) => l.trim() === label);
    const block = lines.slice(at('Game 1'), at('Game 2') - 1);
    const games = lines.filter((l) => /^\s*Game \d+/.test(l)).length;
    block[0] = ` Game ${games + 1}`;
    const all = [...lines, '', ...block, '  25)                                   '];
    const [f] = only(findings(bytes(all)), 'game-after-match');
    const remove = f?.fix?.remove;
    expect(remove).toBeDefined();
    expect((remove?.line ?? 0) + (remove?.lines ?? 0) - 1).toBe(all.length);
  });
});
