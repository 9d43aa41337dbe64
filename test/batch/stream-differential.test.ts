// Issue 18, a file's memory: a .mat file is read, imported and audited match by match. Its
// reports must be byte for byte the ones of the whole-file reader (which reads every match before
// auditing any), on every file of the corpus and the fixtures and on files made by concatenating
// them (BBGT and database exports hold many matches per .mat).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile, auditFileWhole } from '../../src/check.js';
import { reportsByMatch } from '../../src/check-by-match.js';
import { decode } from '../../src/decode.js';
import { parseMat, MatReader } from '../../grammars/mat.js';
import type { AuditOptions } from '../../src/scoring/audit.js';
import type { Finding } from '../../src/model.js';
import { CORPUS, FIXTURES, HAVE_CORPUS } from '../helpers.js';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

const OPTIONS: AuditOptions[] = [{}, { contentKey: true, gameStats: true }];

function same(bytes: Uint8Array, name: string): void {
  for (const options of OPTIONS) {
    const streamed = JSON.stringify(auditFile(bytes, name, options));
    const whole = JSON.stringify(auditFileWhole(bytes, name, options));
    expect(streamed === whole, `${name} ${JSON.stringify(options)}`).toBe(true);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

const all = [...filesUnder(FIXTURES), ...(HAVE_CORPUS ? filesUnder(CORPUS) : [])].filter(
  (p) => !/\.(md|tsv|py|png|json)$/.test(p),
);
const mats = all.filter((p) => p.endsWith('.mat'));

describe('match by match = the whole-file reader', () => {
  it('every file of the fixtures and the corpus', () => {
    expect(all.length).toBeGreaterThan(HAVE_CORPUS ? 1400 : 50);
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
          const error = (): Finding => ({ code: 'parse-error', severity: 'error', message: '' });
          if (reportsByMatch(decoded.text, [], 'f.mat', {}, error, () => {})) streamedFiles++;
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
    const game = (a: string, bad: number) =>
      ` 3 point match\n\n Game 1\n ${a} : 0                Bob : 0\n${'zz\n'.repeat(bad)}  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
    // [bad lines in Ann's game, in Cy's, before each match and after the last]
    const shapes = [
      [60, 60, 0],
      [99, 0, 5],
      [100, 0, 5],
      [0, 150, 3],
      [0, 0, 60],
      [40, 0, 40],
      [0, 0, 34],
    ];
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
