// The duplicate check's content key: one match written twice — by two programs (.mat and .sgf),
// with other line ends, encoding, comments or columns, its match-winning game at the points credited
// or at its nominal points — has one key; a roll, a move, a cube action, a result or a name changed
// gives another, names that collided under the former 53-bit key included. A match with an
// unreadable line or a move the replay cannot make is keyed by what can be read: its copies agree,
// one roll or move changed anywhere gives another key.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { CORPUS, FIXTURES, audited, fixture, fixtureText } from '../helpers.js';

const keyOf = (text: string | Uint8Array, name = 'x.mat') =>
  auditFile(
    typeof text === 'string' ? new TextEncoder().encode(text) : text,
    name,
    fileAudit({ contentKey: true }),
  ).map((r) => (r.match === null ? undefined : r.contentKey?.digest));

describe('a match read from .mat and from .sgf has one key', () => {
  const dir = join(CORPUS, 'gnubg-generated');
  const pairs = readdirSync(dir)
    .filter((f) => f.endsWith('.mat'))
    .map((f) => [f, f.replace(/\.mat$/, '.sgf')]);
  it.each(pairs)('%s and %s', (mat, sgf) => {
    const a = keyOf(readFileSync(join(dir, mat)), mat);
    const b = keyOf(readFileSync(join(dir, sgf)), sgf);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatch(/^[0-9a-f]{32}$/);
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
      expect(forfeit[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(forfeit).not.toEqual(abandoned);
    }
  });

  it('two records that differ only in the lines of what the key leaves out have the same parts', () => {
    // The reader gives the headers it makes from a root the root's line: line 1 in one, line 3 in the other.
    const text = fixtureText('sgf', 'backgammonmobile-match.sgf');
    const aside = (t: string) =>
      audited(
        auditFile(new TextEncoder().encode(t), 'x.sgf', fileAudit({ contentKey: true }))[0],
      ).contentKey?.aside.parts.filter((_, k) => k % 2 === 0);
    const a = aside(text);
    expect(a?.length).toBeGreaterThan(0);
    expect(aside(`\n\n${text}`)).toEqual(a);
  });

  it('a record with nothing played or recorded (an SGF stub) has no key: it repeats nothing', () => {
    const stub = (t: string) =>
      audited(auditFile(new TextEncoder().encode(t), 'x.sgf', fileAudit({ contentKey: true }))[0]).contentKey;
    expect(stub('(;GM[6])')).toBeUndefined();
    expect(stub('(;FF[4]GM[6]CA[UTF-8];)')).toBeUndefined();
    const sgf = join(CORPUS, 'sgf');
    for (const f of [
      'gitGNU_gnu_gibbon__libgsgf_tests_markup-properties.sgf',
      'gitGNU_gnu_gibbon__libgsgf_tests_root-properties.sgf',
    ])
      expect(
        audited(auditFile(readFileSync(join(sgf, f)), f, fileAudit({ contentKey: true }))[0]).contentKey,
      ).toBeUndefined();
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
    expect(audited(auditFile(new TextEncoder().encode(text), 'x.mat')[0]).contentKey).toBeUndefined();
  });
});

describe("a Galaxy or Studio .mat and GNU Backgammon's .sgf of it have one key", () => {
  // The .mat writes the match-winning game at the points credited, the .sgf at the nominal ones; a
  // Studio roll written `63: ????` before a resignation is not in the .sgf; Galaxy's money game is
  // a "16 point match" whose .sgf scores the game by its cube.
  it.each([
    'galaxy-resign-credited-5pt',
    'galaxy-resign-credited-3pt',
    'studio-placeholder-roll-3pt',
    'galaxy-money-16pt',
  ])('%s', (name) => {
    const mat = keyOf(fixtureText('duplicates', `${name}.mat`), `${name}.mat`);
    const sgf = keyOf(fixtureText('duplicates', `${name}.gnubg.sgf`), `${name}.gnubg.sgf`);
    expect(mat).toHaveLength(1);
    expect(mat[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sgf).toEqual(mat);
  });

  const text = fixtureText('duplicates', 'galaxy-resign-credited-5pt.mat');
  it('the match-winning result at its nominal points is the same key; at fewer points than credited, another', () => {
    const base = keyOf(text)[0];
    expect(keyOf(text.replace('Wins 5 point and the match', 'Wins 6 point and the match'))[0]).toBe(base);
    expect(keyOf(text.replace('Wins 5 point and the match', 'Wins 4 point and the match'))[0]).not.toBe(base);
  });

  it('a last roll written with a placeholder is the roll not written', () => {
    const studio = fixtureText('duplicates', 'studio-placeholder-roll-3pt.mat');
    const base = keyOf(studio)[0];
    const unwritten = studio.replace(/61: \?\?\?\?/, '');
    expect(unwritten).not.toBe(studio);
    expect(keyOf(unwritten)[0]).toBe(base);
    // Its dice are not what tells the copies apart (the .sgf does not write them as a roll).
    expect(keyOf(studio.replace('61: ????', '62: ????'))[0]).toBe(base);
  });
});

describe('names that collide under the former 53-bit key', () => {
  // Found by brute force over 2^23 names in place of `charlot1` in this file: each pair had one
  // key under the former key (2^21 times its second lane's low 21 bits plus its first 32-bit lane).
  const text = fixtureText('mat', 'gnubg-right-player-starts.mat');
  const pairs = [
    ['PCHWfaaa', 'PITWWaaa'],
    ['PruIjaaa', 'PZMuLaaa'],
    ['PBJOjaaa', 'PsTvVaaa'],
    ['Pskanaaa', 'PYMFUaaa'],
    ['PFbXwaaa', 'POnHKaaa'],
    ['PDYvUaaa', 'Pdagdbaa'],
    ['PorLUaaa', 'PdlvZaaa'],
  ];
  it.each(pairs)('%s and %s have two keys', (a, b) => {
    const ka = keyOf(text.replaceAll('charlot1', a))[0];
    const kb = keyOf(text.replaceAll('charlot1', b))[0];
    expect(ka).toMatch(/^[0-9a-f]{32}$/);
    expect(kb).not.toBe(ka);
  });
});

describe('a damaged match is keyed by what can be read', () => {
  // The broken fixtures that hold a match (the others are a file with none, reported as a file).
  const noMatch = ['binary.mat', 'empty.mat', 'no-match-line.mat', 'no-backgammon-tree.sgf'];
  const broken = [
    ...readdirSync(join(FIXTURES, 'mat', 'broken')).map((f) => ['mat', 'broken', f]),
    ...readdirSync(join(FIXTURES, 'sgf', 'broken')).map((f) => ['sgf', 'broken', f]),
    ['scoring', 'move-not-checked.mat'],
    ['moves', 'wrong-distance-no-checker.mat'],
    ['mat', 'cp1252-names-illegal-play.mat'],
  ]
    .filter((parts) => !noMatch.includes(parts.at(-1) ?? ''))
    .map((parts) => [parts.join('/'), parts] as const);
  it.each(broken)('%s: a key, the same for a copy with CRLF line ends', (_, parts) => {
    const name = parts.at(-1) ?? '';
    // Each match of the file has a key.
    const matchKeys = (bytes: Uint8Array) =>
      auditFile(bytes, name, fileAudit({ contentKey: true }))
        .filter((r) => r.match !== null)
        .map((r) => r.contentKey?.digest);
    const keys = matchKeys(fixture(...parts));
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
    const crlf = Buffer.from(fixture(...parts))
      .toString('latin1')
      .replace(/\r?\n/g, '\r\n');
    expect(matchKeys(Buffer.from(crlf, 'latin1'))).toEqual(keys);
  });

  // An unreadable line in the middle of a game: the rolls after it are not kept by the reader.
  const whole = fixtureText('scoring', 'cube2-gammon.mat');
  const unreadable = whole.replace('  5) 42: 25/23 25/21*   ', '  5) 42: 25/23 25/21* !!');
  const broken5 = keyOf(unreadable)[0];
  it("an unreadable line: a key, not the whole match's; a header comment or other columns keep it", () => {
    expect(unreadable).not.toBe(whole);
    expect(broken5).toMatch(/^[0-9a-f]{32}$/);
    expect(broken5).not.toBe(keyOf(whole)[0]);
    expect(keyOf(`; exported again\n${unreadable}`)[0]).toBe(broken5);
    expect(keyOf(unreadable.replace(/ {2,}/g, (s) => `${s}   `))[0]).toBe(broken5);
  });

  it.each([
    ['a roll before the unreadable line', unreadable.replace(' 1) 52: 13/8 24/22', ' 1) 62: 13/7 24/22')],
    ['a roll after it', unreadable.replace('10) 32: 13/11 11/8', '10) 31: 13/10 11/10')],
    ['a move after it', unreadable.replace('10) 32: 13/11 11/8', '10) 32: 13/10 13/11')],
    ['the unreadable line', unreadable.replace('25/21* !!', '25/21* ??')],
  ])('another key: %s', (_, changed) => {
    expect(changed).not.toBe(unreadable);
    expect(keyOf(changed)[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(changed)[0]).not.toBe(broken5);
  });

  // A move the replay cannot make (`???`, not written): it stops there.
  const stopped = fixtureText('scoring', 'move-not-checked.mat');
  const stoppedKey = keyOf(stopped)[0];
  it.each([
    ['the roll it stops at', stopped.replace('  3) 52: ???', '  3) 53: ???')],
    ['a roll after it', stopped.replace('13) 53: 8/5 8/3', '13) 54: 8/5 8/3')],
    ['a move after it', stopped.replace('13) 53: 8/5 8/3', '13) 53: 8/5 8/2')],
    ['a cube action after it', stopped.replace(' Doubles => 2\n 17)  Drops', ' Doubles => 2\n 17)  Takes')],
    ['a roll before it', stopped.replace('  2) 65: 24/18 18/13', '  2) 64: 24/18 18/14')],
  ])('a replay stopped: another key for %s', (_, changed) => {
    expect(stoppedKey).toMatch(/^[0-9a-f]{32}$/);
    expect(changed).not.toBe(stopped);
    expect(keyOf(changed)[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(changed)[0]).not.toBe(stoppedKey);
  });
});
