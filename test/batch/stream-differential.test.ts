// A file's memory: a .mat file is read, imported and audited match by match. Its
// reports must be byte for byte the ones of the whole-file reader (which reads every match before
// auditing any), on every file of the corpus and the fixtures and on files made by concatenating
// them (BBGT and database exports hold many matches per .mat).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditDecodedEach, auditFile, auditFileWhole } from '../../src/read/file.js';
import { readByMatch, matchesOfText } from '../../src/read/by-match.js';
import { decode } from '../../src/read/decode.js';
import { parseMat, MatReader } from '../../grammars/mat.js';
import { SgfReader, parseSgf } from '../../grammars/sgf.js';
import { type AuditRequest, fileAudit } from '../../src/read/attach.js';
import { BAD_LINE_SHAPES, CORPUS, FIXTURES, filesUnder, gameWithBadLines } from '../helpers.js';

const REQUESTS: AuditRequest[] = [{}, { contentKey: true, gameStats: true }];

function same(bytes: Uint8Array, name: string): void {
  for (const request of REQUESTS) {
    const options = fileAudit(request);
    const streamed = JSON.stringify(auditFile(bytes, name, options));
    const whole = JSON.stringify(auditFileWhole(bytes, name, options));
    expect(streamed === whole, `${name} ${JSON.stringify(request)}`).toBe(true);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

const all = [...filesUnder(FIXTURES), ...filesUnder(CORPUS)].filter((p) => !/\.(md|tsv|py|png|json)$/.test(p));
const mats = all.filter((p) => p.endsWith('.mat'));

describe('match by match = the whole-file reader', () => {
  it('every file of the fixtures and the corpus', () => {
    expect(all.length).toBeGreaterThan(1400);
    for (const path of all) same(readFileSync(path), path);
  });

  it('files made by concatenating .mat files, as they are (a last line without LF joins the next file) and with LF between', () => {
    const bytes = mats.map((p) => readFileSync(p));
    let streamedFiles = 0;
    let files = 0;
    let decodedFiles = 0;
    for (const size of [11]) {
      for (let k = 0; k < bytes.length; k += size) {
        const group = bytes.slice(k, k + size);
        const withLf = group.flatMap((b) => [b, new Uint8Array([10])]);
        for (const file of [concat(group), concat(withLf)]) {
          same(file, `concat-${size}-${k}.mat`);
          files++;
          const decoded = decode(file);
          if (!decoded.ok) continue; // a fixture with a NUL byte in the group
          decodedFiles++;
          if (readByMatch(matchesOfText(decoded.text), [], 'f.mat', () => {})) streamedFiles++;
        }
      }
    }
    // Every group that is text is read match by match.
    expect(decodedFiles).toBeGreaterThan(files - 4);
    expect(streamedFiles).toBe(decodedFiles);
  });

  it('the reader gives the syntax tree parseMat gives, match by match', () => {
    const text = mats
      .slice(0, 300)
      .map((p) => readFileSync(p, 'latin1'))
      .join('');
    const tree = parseMat(text);
    const reader = new MatReader(text);
    const matches = [];
    for (let m = reader.next(); m !== null; m = reader.next()) matches.push(m);
    const rest = reader.rest();
    expect(matches.length).toBeGreaterThan(100);
    expect(JSON.stringify(matches)).toBe(JSON.stringify(tree.matches));
    expect(JSON.stringify(rest.leftover)).toBe(JSON.stringify(tree.leftover));
    expect(rest.lineCount).toBe(tree.lineCount);
  });

  it('a parse error before a match-length line stays with the match before; after the last, with the last', () => {
    const game = (a: string) =>
      ` 3 point match\n\n Game 1\n ${a} : 0                Bob : 0\n  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
    const text = `garbage\n${game('Ann')}% what\n${game('Cy')}more garbage\n`;
    const bytes = new TextEncoder().encode(text);
    same(bytes, 'x.mat');
    const reports = auditFile(bytes, 'x.mat');
    expect(reports.map((r) => r.findings.filter((f) => f.code === 'parse-error').map((f) => f.line))).toEqual([
      [1, 8],
      [15],
    ]);
  });

  it('a file with more parse errors than it lists: the one that counts the rest goes to the match of the first of them', () => {
    const game = gameWithBadLines;
    const shapes = BAD_LINE_SHAPES;
    const firsts: string[] = [];
    for (const [a, b, c] of shapes) {
      const text = `${'yy\n'.repeat(c)}${game('Ann', a)}${'xx\n'.repeat(c)}${game('Cy', b)}${game('Di', 1)}${'ww\n'.repeat(c)}`;
      const bytes = new TextEncoder().encode(text);
      same(bytes, `errors-${a}-${b}-${c}.mat`);
      const reports = auditFile(bytes, 'x.mat');
      const counted = reports.flatMap((r) =>
        r.findings.filter((f) => f.message.includes('more parse errors')).map((f) => `${r.match}:${f.line}`),
      );
      expect(counted).toHaveLength(1);
      firsts.push(counted[0]);
    }
    // The first unlisted error in a game's body, before a match-length line (the match before), after the last match.
    expect(firsts).toEqual(['2:111', '1:105', '1:105', '2:111', '1:107', '1:107', '3:119']);
  });
});

describe('an SGF collection game tree by game tree = the whole-file reader', () => {
  const sgfs = all.filter((p) => p.endsWith('.sgf'));
  /** Whether the file is read game tree by game tree (not again whole). */
  const byTree = (bytes: Uint8Array): boolean => {
    const decoded = decode(bytes);
    let whole = false;
    if (decoded.ok)
      auditDecodedEach(
        decoded,
        'x.sgf',
        {},
        () => {},
        () => (whole = true),
      );
    return decoded.ok && !whole;
  };

  it('every SGF file, and collections made by concatenating them in several orders and groupings', () => {
    const bytes = sgfs.map((p) => readFileSync(p));
    let files = 0;
    let trees = 0;
    for (const [size, shift] of [
      [2, 0],
      [3, 1],
      [5, 2],
      [9, 4],
    ]) {
      const order = [...bytes.slice(shift), ...bytes.slice(0, shift)];
      for (let k = 0; k < order.length; k += size) {
        const file = concat(order.slice(k, k + size));
        same(file, `sgf-${size}-${k}.sgf`);
        files++;
        if (byTree(file)) trees++;
      }
    }
    // Most are read tree by tree; those with a syntax error (the broken fixtures) whole.
    expect(trees).toBeGreaterThan(files / 2);
  });

  it('game numbers: from 0 when a later game says 0 (read again whole if a match was given), or by the writer', () => {
    const tree = (number: number | null, app = '') =>
      `(;FF[4]GM[6]${app ? `AP[${app}]` : ''}MI[length:3]${number === null ? '' : `[game:${number}]`}PW[A]PB[B]RE[W+1];B[52lh];W[31fe])\n`;
    const cases = [
      [tree(1), tree(2), tree(1), tree(0)],
      [tree(3), tree(0), tree(1)],
      [tree(null), tree(null), tree(2), tree(3)],
      [tree(null), tree(null)],
      [tree(1, 'GNU Backgammon:1.06'), tree(2), tree(1)],
      [tree(5), tree(6), tree(7)],
    ];
    for (const [k, trees] of cases.entries()) same(new TextEncoder().encode(trees.join('')), `numbers-${k}.sgf`);
    expect(byTree(new TextEncoder().encode(cases[0].join('')))).toBe(false);
    expect(byTree(new TextEncoder().encode(cases[1].join('')))).toBe(true);
  });
});

describe('SgfReader', () => {
  it('gives the game trees parseSgf gives, one at a time, and stops at a syntax error', () => {
    const sgfs = all.filter((p) => p.endsWith('.sgf'));
    let clean = 0;
    for (const path of sgfs) {
      const decoded = decode(readFileSync(path));
      if (!decoded.ok) continue;
      const whole = parseSgf(decoded.text);
      const reader = new SgfReader(decoded.text);
      const trees = [];
      for (let t = reader.next(); t !== null; t = reader.next()) trees.push(t);
      expect(reader.clean, path).toBe(whole.errors.length === 0 && whole.unlisted === null);
      if (!reader.clean) continue;
      clean++;
      expect(JSON.stringify(trees), path).toBe(JSON.stringify(whole.trees));
    }
    expect(clean).toBeGreaterThan(40);
  });
});
