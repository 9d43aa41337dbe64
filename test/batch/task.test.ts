// One file of a run: read whole up to the size limit (one read for most, more past the first 64 KB),
// in pieces above it (each match within the limit), a folder or a missing file an io-error.
import { type Stats, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_YET, changedWhileRead, runTask, type FileOutcome, type RunOptions } from '../../src/batch/task.js';
import { auditFile } from '../../src/read/file.js';
import { DuplicateIndex } from '../../src/batch/duplicates.js';
import { renderFile } from '../../src/report/render.js';
import { FIXTURES, taskOutcome } from '../helpers.js';

const render = { formats: ['ndjson' as const], showInfo: false };
const options = (maxFileSize: number): RunOptions => ({ audit: {}, maxFileSize, render });
const base = readFileSync(join(FIXTURES, 'mat', 'gnubg-7p-hits-and-dances.mat'));
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-task-'));

/** The fixture after blank lines that make it `size` bytes: a read cut short loses the match. */
function padded(size: number): string {
  const path = join(dir, `${size}.mat`);
  writeFileSync(path, Buffer.concat([Buffer.alloc(size - base.length, '\n'), base]));
  return path;
}

function ndjson(o: FileOutcome): string {
  if (o.skipped) throw new Error('skipped');
  return o.rendered.out.ndjson ?? '';
}

function findings(o: FileOutcome): { code: string; message: string }[] {
  return (JSON.parse(ndjson(o)) as { findings: { code: string; message: string }[] }).findings;
}

describe('runTask', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([base.length, 65_535, 65_536, 65_537, 131_072, 300_000])('reads a file of %i bytes whole', async (size) => {
    const path = padded(size);
    const expected = renderFile(auditFile(new Uint8Array(readFileSync(path)), path, {}), render).out.ndjson;
    const got = ndjson(await taskOutcome({ path, sniff: false }, options(1 << 20)));
    expect(got).toBe(expected);
    expect((JSON.parse(got) as { games: unknown[] }).games).toHaveLength(4);
  });

  it.each([
    [base.length, base.length, null],
    [base.length, base.length - 1, `${base.length} bytes is more than the ${base.length - 1}-byte limit`],
    [65_537, 65_536, '65537 bytes is more than the 65536-byte limit'],
    [300_000, 200_000, '300000 bytes is more than the 200000-byte limit'],
  ])('a %i-byte file of one match under a %i-byte limit', async (size, limit, refusal) => {
    const io = findings(await taskOutcome({ path: padded(size), sniff: false }, options(limit))).filter(
      (f) => f.code === 'io-error',
    );
    expect(io.map((f) => f.message)).toEqual(
      refusal === null
        ? []
        : [`cannot read the file: ${refusal} (--max-file-size), and so is its match from line 1 on`],
    );
  });

  it('a file above the limit is read in pieces: its matches within the limit, as a file read whole', async () => {
    const many = join(dir, 'many.mat');
    const copies = Array.from({ length: 12 }, () => base);
    writeFileSync(many, Buffer.concat(copies));
    const formats = ['text', 'ndjson', 'csv', 'csv-match'] as const;
    const run = async (limit: number) => {
      const o = await taskOutcome(
        { path: many, sniff: false },
        {
          audit: { contentKey: true },
          maxFileSize: limit,
          render: { formats: [...formats], showInfo: true },
          baseline: true,
        },
      );
      if (o.skipped) throw new Error('skipped');
      return o;
    };
    const whole = await run(1 << 20);
    const pieces = await run(base.length + 100);
    expect(pieces).toEqual(whole);
    expect(whole.rendered.counts.matches).toBe(12);
    // With a spool folder, the text of every format is written there instead, the same text.
    const spoolDir = mkdtempSync(join(dir, 'spool-'));
    const spooled = await taskOutcome(
      { path: many, sniff: false },
      {
        ...options(base.length + 100),
        spoolDir,
        render: { formats: [...formats], showInfo: true },
        audit: { contentKey: true },
        baseline: true,
      },
    );
    if (spooled.skipped) throw new Error('skipped');
    const paths = spooled.rendered.spooled ?? {};
    const written = formats.filter((f) => whole.rendered.out[f] !== '');
    expect(written).toEqual(['ndjson', 'csv', 'csv-match']); // the fixture has no finding for the text report
    expect(Object.keys(paths).sort()).toEqual([...written].sort());
    for (const f of formats) {
      expect(spooled.rendered.out[f]).toBe('');
      if (written.includes(f)) expect(readFileSync(paths[f] ?? '', 'utf8')).toBe(whole.rendered.out[f]);
    }
    expect({ ...spooled.rendered, out: whole.rendered.out, spooled: undefined }).toEqual(whole.rendered);
    // A file read whole keeps its text: nothing is spooled.
    const small = await taskOutcome({ path: padded(base.length), sniff: false }, { ...options(1 << 20), spoolDir });
    expect(small.skipped === false && small.rendered.spooled).toBeUndefined();
    expect(readdirSync(spoolDir)).toHaveLength(written.length);
    // A match above the limit, an SGF file above it, and the HTML report (a file's lines from its whole text): refused.
    expect(findings(await taskOutcome({ path: many, sniff: false }, options(base.length - 100)))[0].message).toBe(
      `cannot read the file: ${base.length * 12} bytes is more than the ${base.length - 100}-byte limit (--max-file-size), and so is its match from line 1 on`,
    );
    const sgf = join(dir, 'big.sgf');
    writeFileSync(sgf, `(;FF[4]GM[6]\n${'C[x]\n'.repeat(1000)})`);
    expect(findings(await taskOutcome({ path: sgf, sniff: false }, options(1000)))[0].message).toBe(
      `cannot read the file: ${5000 + 14} bytes is more than the 1000-byte limit (--max-file-size), and so is its game tree from line 1 on (or it is never closed)`,
    );
    const html = await taskOutcome(
      { path: many, sniff: false },
      { audit: {}, maxFileSize: base.length + 100, render: { formats: ['ndjson', 'html'], showInfo: false } },
    );
    expect(ndjson(html)).toContain(
      `${base.length * 12} bytes is more than the ${base.length + 100}-byte limit (--max-file-size)`,
    );
  });

  it('with the duplicate check, a file read whole waits held for the answer, one read in pieces asks as it goes: the same reports', async () => {
    const many = join(dir, 'twelve.mat');
    writeFileSync(many, Buffer.concat(Array.from({ length: 12 }, () => base)));
    const run = (limit: number): RunOptions => ({
      audit: { contentKey: true },
      maxFileSize: limit,
      render: { formats: ['text', 'ndjson', 'csv-match'], showInfo: true },
      baseline: true,
    });
    const wholeIndex = new DuplicateIndex();
    const held = runTask({ path: many, sniff: false }, run(1 << 20), undefined, {
      turn: () => {
        throw new Error('a file read whole does not wait for its turn');
      },
      now: () => {
        throw new Error('a file read whole does not ask as it goes');
      },
    });
    if (typeof held === 'symbol' || !('finish' in held) || held.keys === null) throw new Error('not held');
    expect(held.keys).toHaveLength(12);
    const whole = held.finish(wholeIndex.meetFile(many, held.keys));
    const piecesIndex = new DuplicateIndex();
    const asked: { matches: number[]; last: boolean }[] = [];
    let turns = 0;
    const pieces = runTask({ path: many, sniff: false }, run(base.length + 100), undefined, {
      turn: () => {
        turns++;
        piecesIndex.file(many);
        return true;
      },
      now: (matches, keys, last) => {
        asked.push({ matches, last });
        return matches.flatMap((m, k) => piecesIndex.match(m, keys[k] ?? null) ?? []);
      },
    });
    expect(pieces).toEqual(whole);
    expect(turns).toBe(1);
    // Asked a piece at a time (not once for the whole file), every match once, the last time last.
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.flatMap((a) => a.matches)).toEqual(Array.from({ length: 12 }, (_, k) => k + 1));
    expect(asked.map((a) => a.last)).toEqual([...asked.slice(1).map(() => false), true]);
    // Not its turn yet: sent back unread.
    const later = runTask({ path: many, sniff: false }, run(base.length + 100), undefined, {
      turn: () => false,
      now: () => {
        throw new Error('asked before its turn');
      },
    });
    expect(later).toBe(NOT_YET);
    expect(ndjson(whole).match(/"code":"duplicate-match"/g)).toHaveLength(11);
    expect(ndjson(whole)).toContain('this match repeats match 1 of this file');
  });

  it('reports a folder and a missing file as io-errors', async () => {
    const folder = join(dir, 'folder.mat');
    mkdirSync(folder);
    expect(findings(await taskOutcome({ path: folder, sniff: false }, options(1 << 20)))).toMatchObject([
      { code: 'io-error', message: 'cannot read the file: it is a folder' },
    ]);
    expect(findings(await taskOutcome({ path: join(dir, 'none.mat'), sniff: false }, options(1 << 20)))).toMatchObject([
      { code: 'io-error', message: 'cannot read the file: no such file or folder' },
    ]);
  });

  it('skips a sniffed file whose content is no match, and reads an empty one', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'shopping list\n');
    expect((await taskOutcome({ path: text, sniff: true }, options(1 << 20))).skipped).toBe('not-a-match');
    const empty = join(dir, 'empty.mat');
    writeFileSync(empty, '');
    expect(findings(await taskOutcome({ path: empty, sniff: false }, options(1 << 20))).map((f) => f.code)).toEqual([
      'parse-error',
    ]);
  });
});

describe('a file that changes while it is read', () => {
  const stat = (size: number, mtimeMs = 1000) => ({ size, mtimeMs }) as Stats;
  it.each([
    ['read whole, unchanged', stat(100), stat(100), 100, null],
    ['shrank while read', stat(100), stat(50), 50, 'it changed while it was read (100 bytes when opened, 50 read)'],
    ['grew while read', stat(100), stat(150), 150, 'it changed while it was read (100 bytes when opened, 150 read)'],
    ['rewritten in place, its size kept', stat(100), stat(100, 2000), 100, 'it changed while it was read (100 bytes)'],
    ['grew after it was read', stat(100), stat(120), 100, 'it changed while it was read (100 bytes, 120 now)'],
  ])('%s', (_, before, after, read, message) => {
    const said = changedWhileRead(before, after, read);
    if (message === null) expect(said).toBeNull();
    else expect(said).toContain(message);
  });
});
