// --max-file-size counts bytes of the file everywhere: a file's size, and in a file read in pieces
// each match's, game tree's and line's bytes, whatever its characters and its encoding (é is two
// bytes of UTF-8, an emoji four, a character of UTF-16 two).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileOutcome, RunOptions } from '../../src/batch/task.js';
import { FIXTURES, taskOutcome } from '../helpers.js';

const LIMIT = 40_000;
const options: RunOptions = { audit: {}, maxFileSize: LIMIT, render: { formats: ['ndjson'], showInfo: false } };
const match = readFileSync(join(FIXTURES, 'mat', 'gnubg-7p-hits-and-dances.mat'), 'utf8');
const sgf = readFileSync(join(FIXTURES, 'sgf', 'gnubg-resign-while-doubled.sgf'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bytes-'));

function ioError(o: FileOutcome): string | null {
  if (o.skipped) throw new Error('skipped');
  const reports = (o.rendered.out.ndjson ?? '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { findings: { code: string; message: string }[] });
  return reports.flatMap((r) => r.findings).find((f) => f.code === 'io-error')?.message ?? null;
}

/** A match with a comment line of `n` times `char` before it, then plain matches: more than the limit, read in pieces. */
function file(char: string, n: number, encode: (text: string) => Buffer): string {
  const path = join(dir, `${char.codePointAt(0)}-${n}-${encode('a').length}.mat`);
  const text = `; ${char.repeat(n)}\n\n${match}\n${match.repeat(12)}`;
  writeFileSync(path, encode(text));
  return path;
}

const utf8 = (t: string) => Buffer.from(t, 'utf8');
const utf16le = (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]);
const latin1 = (t: string) => Buffer.from(t, 'latin1');

describe('--max-file-size, in a file read in pieces', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each: the first match's bytes in the file against the 40,000-byte limit.
  it.each([
    ['ASCII, within', 'a', 30_000, utf8, false],
    ['ASCII, past', 'a', 36_000, utf8, true],
    ['é in UTF-8, within', 'é', 15_000, utf8, false],
    ['é in UTF-8, past (fewer characters than the limit)', 'é', 20_000, utf8, true],
    ['an emoji in UTF-8, within', '😀', 8_000, utf8, false],
    ['an emoji in UTF-8, past', '😀', 10_000, utf8, true],
    ['a CJK character in UTF-8, past (fewer characters than the limit)', '漢', 12_000, utf8, true],
    ['é in Windows-1252, within (one byte each)', 'é', 30_000, latin1, false],
    ['ASCII in UTF-16, past (two bytes each)', 'a', 18_000, utf16le, true],
    ['ASCII in UTF-16, within', 'a', 14_000, utf16le, false],
  ])('%s', async (_what, char, n, encode, refused) => {
    const path = file(char, n, encode);
    const message = ioError(await taskOutcome({ path, sniff: false }, options));
    if (refused) expect(message).toMatch(/and so is its match from line 1 on$/);
    else expect(message).toBeNull();
  });

  it.each([
    ['a line of é, past', 'é', 21_000, true],
    ['a line of é, within', 'é', 15_000, false],
  ])('%s (one line of the file, with no line end before)', async (_what, char, n, refused) => {
    const path = join(dir, `line-${n}.mat`);
    writeFileSync(path, `${match}\n${match.repeat(12)}\n; ${char.repeat(n)}`);
    const message = ioError(await taskOutcome({ path, sniff: false }, options));
    if (refused) expect(message).toMatch(/one line of it|its match from line/);
    else expect(message).toBeNull();
  });

  // A game tree is measured as the pieces (256 KB) come: one spanning three pieces here.
  it.each([
    ['é, past', 'é', 300_000, true],
    ['é, within', 'é', 150_000, false],
  ])('an SGF game tree with a comment of %s', async (_what, char, n, refused) => {
    const path = join(dir, `tree-${n}.sgf`);
    const tree = sgf.replace('(;', `(;C[${`${char.repeat(999)}\n`.repeat(n / 1000)}]`);
    writeFileSync(path, `${tree}\n${sgf.repeat(4)}`);
    const message = ioError(await taskOutcome({ path, sniff: false }, { ...options, maxFileSize: 400_000 }));
    if (refused) expect(message).toMatch(/its game tree from line 1 on/);
    else expect(message).toBeNull();
  });
});
