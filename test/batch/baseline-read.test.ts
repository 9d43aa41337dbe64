// A baseline is read as an input is (a regular file, opened non-blocking, within a size), and its
// entries are merged in time linear in their number: one finding repeated is one entry, counted.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBaseline } from '../../src/commands/baseline.js';
import { UsageError } from '../../src/commands/common.js';
import { FIXTURES, ROOT } from '../helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');
const good = join(FIXTURES, 'scoring', 'crawford-post-crawford.mat');
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-baseline-'));

const entry = (file: string, message: string, count = 1) =>
  JSON.stringify({ file, findings: [{ match: 1, game: 2, code: 'points-mismatch', message, count }] });

function baseline(lines: string[]): string {
  const path = join(dir, `b-${lines.length}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, `{"bgaudit-baseline":1,"files":[\n${lines.join(',\n')}\n]}\n`);
  return path;
}

describe('reading a baseline', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('merges a file entry repeated 20,000 times into one entry per finding, the counts added', () => {
    const lines: string[] = [];
    for (let k = 0; k < 10_000; k++) lines.push(entry('a.mat', 'one', 2), entry('a.mat', 'two'));
    lines.push(entry('b.mat', 'one'));
    const got = readBaseline(baseline(lines));
    expect([...got.keys()]).toEqual(['a.mat', 'b.mat']);
    expect(got.get('a.mat')?.map((a) => [a.message, a.count])).toEqual([
      ['one', 20_000],
      ['two', 10_000],
    ]);
    expect(got.get('b.mat')?.map((a) => [a.message, a.count])).toEqual([['one', 1]]);
  });

  it.each([
    ['a device', () => '/dev/zero', /not a regular file/],
    ['a folder', () => dir, /not a regular file/],
    ['missing', () => join(dir, 'nope.json'), /no such file/],
  ])('refuses %s as a usage error', (_what, path, message) => {
    expect(() => readBaseline(path())).toThrow(UsageError);
    expect(() => readBaseline(path())).toThrow(message);
  });

  it('refuses a baseline past its size limit, unparsed', () => {
    const path = baseline([entry('a.mat', 'x'.repeat(2000))]);
    expect(() => readBaseline(path, 1000)).toThrow(/bytes is more than a baseline may hold \(1000 bytes\)/);
  });

  it('a FIFO as --baseline: exit 2 at once, not a run that waits for a writer', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const run = spawnSync(process.execPath, [BIN, 'verify', good, '--baseline', fifo], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('not a regular file');
  });
});
