// An SGF collection above the size limit is read game tree by game tree from windows of
// whole trees. Its matches and their reports must be those of the collection read whole, whatever
// the windows and however the lines are cut into pieces; a tree that never ends between trees
// within the limit is too large; a syntax error is met, not read past.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/read/decode.js';
import { apply, mutation } from '../fuzz/mutate.js';
import { SgfMatches, wholeTrees, type TreeSource } from '../../src/import/sgf.js';
import { SgfPieceTrees } from '../../src/import/sgf-pieces.js';
import { auditMatch } from '../../src/scoring/audit.js';
import { MatchKey } from '../../src/scoring/match-key.js';
import { CORPUS, FIXTURES, filesUnder } from '../helpers.js';

/** The text in pieces of `lines` lines each (pieces end at line ends, as the file reader gives them). */
function inPieces(text: string, lines: number): () => string | null {
  const all = text.split(/(?<=\n)/);
  let k = 0;
  return () => {
    if (k >= all.length) return null;
    const piece = all.slice(k, k + lines).join('');
    k += lines;
    return piece;
  };
}

const tooLarge = (line: number) => new Error(`too large from line ${line}`);

/** Every match of a collection and its report (positions and the record's own words included). */
function audited(trees: TreeSource): string {
  const matches = new SgfMatches(trees, 'f.sgf');
  const out: unknown[] = [];
  for (let m = matches.next(); m !== null; m = matches.next())
    out.push(auditMatch(m, { source: matches.source, observe: [new MatchKey(m)] }));
  return JSON.stringify({ out, whole: matches.whole, clean: trees.clean });
}

const sgfFiles = [...filesUnder(join(FIXTURES, 'sgf')), ...filesUnder(CORPUS)].filter(
  (p) => p.endsWith('.sgf') && !p.includes('broken'),
);

describe('SgfPieceTrees = the collection read whole', () => {
  // Trees that end on a line of their own, trees that end where the next starts, values that hold
  // '(', ')' and an escaped ']' across lines.
  const made =
    '(;FF[4]GM[6]AP[GNU Backgammon:1.07]MI[length:3][game:0]PW[a]PB[b]RU[]\n;W[52mlml]C[a comment) with\\] parens)\n(]\n;B[31ghgi]\n)\n' +
    '(;FF[4]GM[6]AP[GNU Backgammon:1.07]MI[length:3][game:1]PW[a]PB[b]\n;W[63yvyr]\n)(;FF[4]GM[6]AP[GNU Backgammon:1.07]MI[length:3][game:2]PW[a]PB[b]\n;B[21gehg]RE[B+3]\n)\n';

  it.each([1, 2, 7, 1000])('a made collection, %i lines a piece, at every window size', (lines) => {
    const whole = audited(wholeTrees(made));
    expect(whole).toContain('"match":1');
    for (const window of [1, 40, 1 << 20])
      expect(audited(new SgfPieceTrees(inPieces(made, lines), 1 << 20, tooLarge, window))).toBe(whole);
  });

  it('the fixtures and the corpus, concatenated', () => {
    const text = sgfFiles.map((p) => readFileSync(p, 'latin1')).join('\n');
    expect(sgfFiles.length).toBeGreaterThan(40);
    const whole = audited(wholeTrees(text));
    expect(JSON.parse(whole).whole).toBe(false);
    for (const [lines, window] of [
      [50, 1],
      [400, 200_000],
    ])
      expect(audited(new SgfPieceTrees(inPieces(text, lines), 1 << 24, tooLarge, window))).toBe(whole);
    // What is held at once is a window: with the smallest, a few trees.
    const trees = new SgfPieceTrees(inPieces(text, 50), 1 << 24, tooLarge, 1);
    let largest = 0;
    for (let t = trees.next(); t !== null; t = trees.next()) largest = Math.max(largest, t.text.length);
    expect(largest).toBeLessThan(text.length / 10);
  });

  it('a game tree longer than the limit, or never closed, is too large from its first line', () => {
    const tree = (n: number) => `(;FF[4]GM[6]\n${';W[52mlml]\n'.repeat(n)})\n`;
    const text = tree(2) + tree(100) + tree(2);
    const read = (t: string) => {
      const trees = new SgfPieceTrees(inPieces(t, 1), 500, tooLarge, 1);
      while (trees.next() !== null);
    };
    expect(() => read(text)).toThrow('too large from line 5');
    expect(() => read(tree(2) + '(;FF[4]GM[6]\n;W[52mlml]\n'.repeat(60))).toThrow('too large from line 5');
    expect(() => read(tree(2) + tree(2))).not.toThrow();
  });

  it('stops at a syntax error (the file is then one to read whole)', () => {
    const text = readFileSync(join(FIXTURES, 'sgf', 'broken', 'junk-between-nodes.sgf'), 'latin1');
    const trees = new SgfPieceTrees(inPieces(text, 1), 1 << 20, tooLarge, 1);
    while (trees.next() !== null);
    expect(trees.clean).toBe(false);
    expect(JSON.parse(audited(new SgfPieceTrees(inPieces(text, 1), 1 << 20, tooLarge, 1))).whole).toBe(true);
  });
});

describe('SgfPieceTrees on mutated collections', () => {
  // Two fixture collections joined, mutated as broken copies and other programs break files.
  const seed = Buffer.concat(
    ['gnubg-resign-while-doubled.sgf', 'gibbon-7point-resign-dice-low-first.sgf', 'gnubg-pending-roll.sgf'].map((f) =>
      readFileSync(join(FIXTURES, 'sgf', f)),
    ),
  );
  const runs = Math.max(300, Math.floor(Number(process.env.FUZZ_RUNS ?? 0) / 20));

  it(`a collection read clean whole reads the same in pieces, at every cut (${runs} mutants)`, () => {
    let clean = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 5 }), (ms, lines) => {
        const decoded = decode(ms.reduce<Uint8Array>((b, m) => apply(b, m), seed));
        if (!decoded.ok) return;
        const text = decoded.text;
        const whole = audited(wholeTrees(text));
        let pieces: string;
        try {
          pieces = audited(new SgfPieceTrees(inPieces(text, lines), 1 << 20, tooLarge, 1));
        } catch {
          // Only a tree the scan never sees closed (a syntax error the grammar also meets).
          expect(JSON.parse(whole).clean).toBe(false);
          return;
        }
        const w = JSON.parse(whole) as { clean: boolean; whole: boolean };
        if (w.clean && !w.whole) {
          clean++;
          expect(pieces).toBe(whole);
        } else expect((JSON.parse(pieces) as { whole: boolean }).whole).toBe(true); // refused, as read whole would be
      }),
      { numRuns: runs, seed: 18 },
    );
    expect(clean).toBeGreaterThan(runs / 10);
  });
});
