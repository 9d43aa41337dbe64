// A folder of whatever people have on disk: every input is accounted for, in order, with the
// finding that fits, and the other files are audited normally.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, cli, faultOn, poolOnFewFiles, reportsIn, tempDir } from '../helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });

const good = join(FIXTURES, 'scoring', 'crawford-post-crawford.mat');
const isRoot = process.getuid?.() === 0;
/** Just past the default limit of 16 MiB (--max-file-size): the least that makes a file too big. */
const HUGE = 17 * 1024 * 1024;

function hostileFolder(): string {
  const dir = tempDir('bgaudit-hostile-');
  writeFileSync(join(dir, 'a-empty.mat'), '');
  writeFileSync(join(dir, 'b-binary.mat'), Buffer.from([0x37, 0x20, 0x00, 0xff, 0x00, 0x01]));
  writeFileSync(join(dir, 'c-huge.mat'), Buffer.alloc(HUGE, 0x20));
  copyFileSync(good, join(dir, 'd-no-permission.mat'));
  chmodSync(join(dir, 'd-no-permission.mat'), 0o000);
  symlinkSync('e-loop.mat', join(dir, 'e-loop.mat'));
  mkdirSync(join(dir, 'f-folder.mat'));
  copyFileSync(good, join(dir, 'f-folder.mat', 'inside.mat'));
  copyFileSync(good, join(dir, 'g-crashes-the-worker.mat'));
  copyFileSync(good, join(dir, 'h-good.mat'));
  return dir;
}

describe('a folder of hostile inputs', () => {
  poolOnFewFiles();

  it.each(['1', '2'])('--jobs %s: one report per input, in order, each with the finding that fits', async (jobs) => {
    const dir = hostileFolder();
    faultOn('crash', jobs === '2' ? 'g-crashes-the-worker' : '');
    const r = await cli('verify', dir, '--format', 'ndjson', '--jobs', jobs);
    const reports = reportsIn(r.stdout);
    const got = reports.map((x) => [
      x.file.slice(dir.length + 1),
      x.match === null ? x.findings.map((f) => f.code).join(',') : 'audited',
    ]);
    expect(got).toEqual([
      ['a-empty.mat', 'parse-error'],
      ['b-binary.mat', 'parse-error'],
      ['c-huge.mat', 'io-error'],
      // root reads files whatever their permission bits: the EACCES path cannot be made here then
      ['d-no-permission.mat', isRoot ? 'audited' : 'io-error'],
      ['e-loop.mat', 'io-error'],
      ['f-folder.mat/inside.mat', 'audited'],
      ['g-crashes-the-worker.mat', jobs === '2' ? 'internal-error' : 'audited'],
      ['h-good.mat', 'audited'],
    ]);
    expect(reports[2].findings[0].message).toContain('more than the 16777216-byte limit (--max-file-size)');
    expect(reports[4].findings[0].message).toContain('symbolic link loop');
    expect(r.code).toBe(1);
  });

  it('the size limit can be raised: the file too big for it is then read (and is no match)', async () => {
    const dir = tempDir('bgaudit-big-');
    writeFileSync(join(dir, 'big.mat'), Buffer.alloc(HUGE, 0x20));
    const r = await cli('verify', join(dir, 'big.mat'), '--format', 'ndjson', '--max-file-size', '64M');
    expect(reportsIn(r.stdout)[0]).toMatchObject({ match: null, findings: [{ code: 'parse-error' }] });
  });

  it('a clean run exits 0; inputs are never written', async () => {
    const dir = tempDir('bgaudit-clean-');
    copyFileSync(good, join(dir, 'x.mat'));
    const before = readFileSync(join(dir, 'x.mat'));
    chmodSync(join(dir, 'x.mat'), 0o444);
    const r = await cli('verify', dir, '--csv', join(dir, 'out.csv'));
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'x.mat'))).toEqual(before);
  });
});

describe('encodings come out right in every format', () => {
  it('UTF-8 with BOM, UTF-16 with BOM, Windows-1252, CRLF: names in text, JSON and CSV', async () => {
    const dir = tempDir('bgaudit-enc-');
    const text = readFileSync(join(FIXTURES, 'mat', 'gnubg-right-player-starts.mat'), 'utf8')
      .replace('charlot1', 'Jørn Müller')
      .replace('charlot2', 'Kévin Unger');
    writeFileSync(
      join(dir, 'a-utf8-bom-crlf.mat'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\n/g, '\r\n'))]),
    );
    writeFileSync(join(dir, 'b-utf16le.mat'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    writeFileSync(join(dir, 'c-cp1252.mat'), Buffer.from(text.replace('Kévin Unger', 'Kevin Unger'), 'latin1'));
    const json = await cli('verify', dir, '--format', 'json');
    const players = reportsIn(json.stdout).map((r) => r.players);
    expect(players).toEqual([
      ['Jørn Müller', 'Kévin Unger'],
      ['Jørn Müller', 'Kévin Unger'],
      ['Jørn Müller', 'Kevin Unger'],
    ]);
    const csv = await cli('csv', dir);
    expect(csv.stdout.match(/Jørn Müller,Kévin Unger/g)).toHaveLength(2);
    const shown = await cli('show', join(dir, 'b-utf16le.mat'));
    expect(shown.stdout).toContain('Jørn Müller - Kévin Unger');
  });
});
