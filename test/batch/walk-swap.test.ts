// A walk reads what it listed: a symbolic link swapped in for a file or a folder after its folder
// was listed (a race an attacker who can write to the archive wins at will) is not followed, and
// the file or folder it points to is never read under the archive's name.
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANGED, discover, type Discovered } from '../../src/batch/discover.js';
import type { FileOutcome, FileTask, RunOptions } from '../../src/batch/task.js';
import { FIXTURES, taskOutcome } from '../helpers.js';

const MATCH = join(FIXTURES, 'mat', 'gnubg-7p-hits-and-dances.mat');
const options: RunOptions = { audit: {}, maxFileSize: 1 << 20, render: { formats: ['ndjson'], showInfo: false } };
const dirs: string[] = [];

/** archive/{a.mat, sub/{x,y}.mat, zzz.mat, inside-link.mat -> a.mat} and secret/{secret.mat, x.mat, y.mat}, side by side. */
function layout(): { archive: string; secret: string } {
  const top = mkdtempSync(join(tmpdir(), 'bgaudit-swap-'));
  dirs.push(top);
  const archive = join(top, 'archive');
  const secret = join(top, 'secret');
  mkdirSync(join(archive, 'sub'), { recursive: true });
  mkdirSync(secret);
  for (const p of ['a.mat', 'sub/x.mat', 'sub/y.mat', 'zzz.mat']) copyFileSync(MATCH, join(archive, p));
  for (const p of ['secret.mat', 'x.mat', 'y.mat']) copyFileSync(MATCH, join(secret, p));
  symlinkSync('a.mat', join(archive, 'inside-link.mat'));
  return { archive, secret };
}

function taskOf(d: Discovered): FileTask {
  if (d.kind !== 'file') throw new Error(`not a file: ${d.kind} ${d.path}`);
  return d.listed ? { path: d.path, sniff: d.sniff, listed: d.listed } : { path: d.path, sniff: d.sniff };
}

function firstFinding(o: FileOutcome): { code: string; message: string } | undefined {
  if (o.skipped) throw new Error('skipped');
  const report = JSON.parse(o.rendered.out.ndjson ?? '') as { findings: { code: string; message: string }[] };
  return report.findings[0];
}

/** Walks the archive, calling `swap` once the item named `after` is listed; each item with its outcome when a file. */
async function walkAndRead(archive: string, after: string, swap: () => void): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const d of discover([archive])) {
    const name = d.path.slice(archive.length + 1);
    if (name === after) swap();
    if (d.kind !== 'file') {
      out.push([name, d.kind === 'unreadable' ? d.reason : d.kind]);
      continue;
    }
    const f = firstFinding(await taskOutcome(taskOf(d), options));
    out.push([name, f?.code === 'io-error' ? f.message : 'read']);
  }
  return out;
}

describe('a symbolic link swapped in during a walk', () => {
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('for a file listed: not followed, an io-error under its name', async () => {
    const { archive, secret } = layout();
    const got = await walkAndRead(archive, 'zzz.mat', () => {
      unlinkSync(join(archive, 'zzz.mat'));
      symlinkSync(join(secret, 'secret.mat'), join(archive, 'zzz.mat'));
    });
    expect(got.at(-1)).toEqual(['zzz.mat', `cannot read the file: ${CHANGED}`]);
  });

  it('for a folder listed, before it is walked: the folder is reported, the outside one never listed', async () => {
    const { archive, secret } = layout();
    const got = await walkAndRead(archive, 'a.mat', () => {
      renameSync(join(archive, 'sub'), join(archive, 'sub-was'));
      symlinkSync(secret, join(archive, 'sub'));
    });
    expect(got).toEqual([
      ['a.mat', 'read'],
      ['inside-link.mat', 'read'],
      ['sub', CHANGED],
      ['zzz.mat', 'read'],
    ]);
  });

  it('for a folder on the path of a file listed: the file opened is not the one listed, not read', async () => {
    const { archive, secret } = layout();
    const got = await walkAndRead(archive, 'sub/x.mat', () => {
      renameSync(join(archive, 'sub'), join(archive, 'sub-was'));
      symlinkSync(secret, join(archive, 'sub'));
    });
    expect(got.find(([n]) => n === 'sub/x.mat')).toEqual(['sub/x.mat', `cannot read the file: ${CHANGED}`]);
  });

  it('for the folder of a file not yet given: every file of a folder is looked at as it is listed', async () => {
    const { archive, secret } = layout();
    const got = await walkAndRead(archive, 'sub/x.mat', () => {
      renameSync(join(archive, 'sub'), join(archive, 'sub-was'));
      symlinkSync(secret, join(archive, 'sub'));
    });
    expect(got.find(([n]) => n === 'sub/y.mat')).toEqual(['sub/y.mat', `cannot read the file: ${CHANGED}`]);
  });

  it('for a link listed as a link inside the archive: pointed elsewhere since, not read', async () => {
    const { archive, secret } = layout();
    const got = await walkAndRead(archive, 'inside-link.mat', () => {
      unlinkSync(join(archive, 'inside-link.mat'));
      symlinkSync(join(secret, 'secret.mat'), join(archive, 'inside-link.mat'));
    });
    expect(got.find(([n]) => n === 'inside-link.mat')).toEqual(['inside-link.mat', `cannot read the file: ${CHANGED}`]);
  });

  it('left alone: every file is read, the link inside the archive too, and a path named is read as named', async () => {
    const { archive, secret } = layout();
    expect(await walkAndRead(archive, '', () => {})).toEqual([
      ['a.mat', 'read'],
      ['inside-link.mat', 'read'],
      ['sub/x.mat', 'read'],
      ['sub/y.mat', 'read'],
      ['zzz.mat', 'read'],
    ]);
    const named = join(archive, 'named-link.mat');
    symlinkSync(join(secret, 'secret.mat'), named);
    const [item] = [...discover([named])];
    expect(firstFinding(await taskOutcome(taskOf(item), options))?.code).not.toBe('io-error');
  });
});
