// The duplicate check's content key (issue 13): one match written twice — by two programs (.mat and
// .sgf), with other line ends, encoding, comments or columns — has one key; a roll, a move, a cube
// action, a result or a name changed gives another.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/check.js';
import { CORPUS, fixture, fixtureText } from '../helpers.js';

const keyOf = (text: string | Uint8Array, name = 'x.mat') =>
  auditFile(typeof text === 'string' ? new TextEncoder().encode(text) : text, name, { contentKey: true }).map(
    (r) => r.contentKey,
  );

describe('a match read from .mat and from .sgf has one key', () => {
  const dir = join(CORPUS, 'gnubg-generated');
  const pairs = readdirSync(dir)
    .filter((f) => f.endsWith('.mat'))
    .map((f) => [f, f.replace(/\.mat$/, '.sgf')]);
  it.each(pairs)('%s and %s', (mat, sgf) => {
    const a = keyOf(readFileSync(join(dir, mat)), mat);
    const b = keyOf(readFileSync(join(dir, sgf)), sgf);
    expect(a).toHaveLength(1);
    expect(a[0]).toBeTypeOf('number');
    expect(b).toEqual(a);
  });

  it('a match ended by a forfeit written as a comment is not its abandoned twin', () => {
    for (const [forfeitFile, abandonedFile] of [
      [
        ['accuracy', 'comment-forfeit-empty.mat'],
        ['accuracy', 'comment-abandoned-empty.mat'],
      ],
      [
        ['mat', 'trailing-comment.mat'],
        ['accuracy', 'comment-abandoned-partial.mat'],
      ],
    ]) {
      const forfeit = keyOf(fixture(...forfeitFile));
      const abandoned = keyOf(fixture(...abandonedFile));
      expect(forfeit[0]).toBeTypeOf('number');
      expect(forfeit).not.toEqual(abandoned);
    }
  });

  it('the 25 gnubg matches have 25 different keys', () => {
    const keys = pairs.map(([mat]) => keyOf(readFileSync(join(dir, mat)), mat)[0]);
    expect(new Set(keys).size).toBe(pairs.length);
  });
});

describe('what makes another match, and what does not', () => {
  const text = fixtureText('scoring', 'cube2-gammon.mat');
  const base = keyOf(text)[0];
  it.each([
    ['CRLF line ends', text.replace(/\n/g, '\r\n')],
    ['a header comment', `; [Site "elsewhere"]\n; exported again\n${text}`],
    ['other column layout', text.replace(/ {2,}/g, (s) => `${s}   `)],
    ['a BOM', `\ufeff${text}`],
  ])('same key: %s', (_, changed) => {
    expect(keyOf(changed)[0]).toBe(base);
  });

  it.each([
    ['one roll', text.replace(/ 1\) (\d)(\d):/, (_, a, b) => ` 1) ${b === '6' ? 5 : 6}${a}:`)],
    ['a name', text.replace('Anna', 'Anne')],
    ['the result', text.replace(/Wins 4 points/, 'Wins 2 points')],
    ['the length', text.replace(/7 point match/, '9 point match')],
  ])('another key: %s', (_, changed) => {
    expect(changed).not.toBe(text);
    expect(keyOf(changed)[0]).not.toBe(base);
  });

  it('no key unless asked', () => {
    expect(auditFile(new TextEncoder().encode(text), 'x.mat')[0].contentKey).toBeUndefined();
  });
});
