// The grammars keep no state between calls: each parse works in its own scratch object, and what
// a scanner returns holds nothing of that scratch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cellScratch, readMoveLine } from '../../grammars/mat-cells.js';
import { MatReader, parseMat } from '../../grammars/mat.js';
import { MAX_LISTED_ERRORS } from '../../grammars/primitives.js';
import { parseSgf } from '../../grammars/sgf.js';
import { auditFile } from '../../src/read/file.js';
import { CORPUS, filesUnder } from '../helpers.js';

const GAME =
  ' 1 point match\n\n Game 1\n Anna : 0                       Boris : 0\n  1) 52: 13/8 24/22*                 31: 8/5 6/5\n  2)  Wins 1 point\n';
const junk = (n: number) => Array.from({ length: n }, (_, k) => `junk ${k}\n`).join('');

describe('mat grammar: one scratch per parse', () => {
  it('counts the unreadable lines of each file on its own', () => {
    const bad = junk(MAX_LISTED_ERRORS + 50) + GAME;
    const first = parseMat(bad);
    expect(first.unlisted?.count).toBe(50);
    const clean = parseMat(GAME);
    expect(clean.unlisted).toBeNull();
    expect(clean.leftover).toEqual([]);
    expect(parseMat(bad)).toEqual(first);
    // A file with a few bad lines after one with many: its own are listed, not counted.
    const few = parseMat(junk(3) + GAME);
    expect(few.unlisted).toBeNull();
    expect(few.matches[0].preamble.filter((n) => n.type === 'bad')).toHaveLength(3);
  });

  it('returns cells and moves that the next scan does not change', () => {
    const s = cellScratch();
    const line = '  1) 52: 13/8 24/22*   31: 8/5 6/5\n  2) 66: 24/18(2) 13/7(2)\n';
    const first = readMoveLine(s, line, 0);
    const snapshot = JSON.parse(JSON.stringify(first)) as unknown;
    const second = readMoveLine(s, line, s.end);
    expect(first).toEqual(snapshot);
    expect(second.type).toBe('moves');
    expect(s.end).toBe(line.length);
    if (first.type !== 'moves') throw new Error('a move line');
    expect(first.cells.map((c) => c.type)).toEqual(['roll', 'roll']);
    expect(first.cells[0]).toMatchObject({
      dice: [5, 2],
      moves: [{ points: [13, 8] }, { points: [24, 22], hits: [true] }],
    });
  });
});

describe('mat grammar: readers side by side', () => {
  it('two MatReaders read in turns give what each gives alone', () => {
    const one = junk(MAX_LISTED_ERRORS + 5) + GAME + GAME.replace('Anna', 'Cleo') + 'tail\n';
    const two = GAME + junk(3) + GAME.replace('1 point', '3 point');
    const alone = (text: string) => {
      const r = new MatReader(text);
      const out: unknown[] = [];
      for (let m = r.next(); m !== null; m = r.next()) out.push(m, r.unlisted());
      return [...out, r.rest(), r.unlisted()];
    };
    const [a, b] = [new MatReader(one), new MatReader(two)];
    const [outA, outB]: unknown[][] = [[], []];
    for (let done = 0; done < 2;) {
      done = 0;
      for (const [r, out] of [
        [a, outA],
        [b, outB],
      ] as const) {
        const m = r.next();
        if (m === null) done++;
        else out.push(m, r.unlisted());
      }
    }
    outA.push(a.rest(), a.unlisted());
    outB.push(b.rest(), b.unlisted());
    expect(outA).toEqual(alone(one));
    expect(outB).toEqual(alone(two));
    expect(parseMat(one).matches).toHaveLength(2);
  });
});

describe('mat grammar: shared move tokens', () => {
  it('gives every move of one shape the same token, and others their own', () => {
    const s = cellScratch();
    const read = (line: string) => {
      const node = readMoveLine(s, line, 0);
      if (node.type !== 'moves' || node.cells[0].type !== 'roll') throw new Error('a roll');
      return node.cells[0].moves;
    };
    const [a, b] = read('  1) 55: 13/8 13/8 8/3*(2)');
    const [c] = read('  9) 55: 13/8');
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(read('  2) 55: 8/3*(2)')[0]).toEqual({ points: [8, 3], hits: [true], repeat: 2 });
    const [long, far] = read('  3) 44: 24/20/16 30/26');
    expect(long).toEqual({ points: [24, 20, 16], hits: [false, false], repeat: 1 });
    expect(far).toEqual({ points: [30, 26], hits: [false], repeat: 1 });
  });

  // The shared tokens are not frozen (V8 reads frozen arrays' elements more slowly): their types
  // are readonly, and this is the check that no reader writes to them at run time.
  it('are what they were after every .mat of the corpus is audited', () => {
    const s = cellScratch();
    const read = (line: string) => {
      const node = readMoveLine(s, line, 0);
      if (node.type !== 'moves' || node.cells[0].type !== 'roll') throw new Error('a roll');
      return node.cells[0];
    };
    const before = read('  1) 61: 13/7* 8/7 bar/24(2) 6/off');
    const copy = structuredClone({ dice: before.dice, moves: before.moves });
    const mats = filesUnder(CORPUS).filter((f) => f.endsWith('.mat'));
    expect(mats.length).toBeGreaterThan(1000);
    for (const f of mats) auditFile(readFileSync(f), f);
    const after = read('  1) 61: 13/7* 8/7 bar/24(2) 6/off');
    expect(after.moves[0]).toBe(before.moves[0]);
    expect({ dice: after.dice, moves: after.moves }).toEqual(copy);
  });
});

describe('sgf grammar: one scratch per parse', () => {
  const GOOD = '(;FF[4]GM[6];B[52jhge])';

  it('a file nested too deep does not leave the next one deeper', () => {
    const deep = parseSgf('(;FF[4]' + '(;B[11]'.repeat(300) + ')'.repeat(301));
    expect(deep.errors.some((e) => e.expected.includes('nested variations'))).toBe(true);
    const nested = '(;FF[4]' + '(;B[11]'.repeat(150) + ')'.repeat(151);
    expect(parseSgf(nested).errors).toEqual([]);
    expect(parseSgf(GOOD).errors).toEqual([]);
  });

  it('errors past the kept ones are counted for their own file only', () => {
    const many = parseSgf('(' + ';1'.repeat(20 * MAX_LISTED_ERRORS) + ')');
    expect(many.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(many.unlisted?.count).toBe(19 * MAX_LISTED_ERRORS);
    const clean = parseSgf(GOOD);
    expect(clean.unlisted).toBeNull();
    expect(clean.errorLines).toEqual([null]);
    expect(parseSgf('(;FF[4]x;B[11])').errors).toHaveLength(1);
  });
});
