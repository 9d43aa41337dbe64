// A folder that cannot be listed, met in a walk, is an io-error report of its own (exit 1, as an
// unreadable file is), not a missing path (exit 2). Root lists every folder whatever its mode, so
// the failure is made by the file system module here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers.js';

const locked = new Set<string>();

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const readdirSync = ((path: string, options: unknown) => {
    if (locked.has(String(path)))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' });
    return (fs.readdirSync as (p: string, o: unknown) => unknown)(path, options);
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

const { discover } = await import('../../src/batch/discover.js');

describe('a folder that cannot be listed', () => {
  it('is reported in its place, in plain words, and the walk goes on', () => {
    const dir = tempDir('bgaudit-locked-');
    mkdirSync(join(dir, 'a-locked'));
    writeFileSync(join(dir, 'a-locked', 'x.mat'), '');
    writeFileSync(join(dir, 'b.mat'), '');
    locked.add(join(dir, 'a-locked'));
    const found = [...discover([dir])].map((d) => [
      d.kind,
      d.path.slice(dir.length + 1),
      'reason' in d ? d.reason : null,
    ]);
    expect(found).toEqual([
      ['unreadable', 'a-locked', 'cannot list the folder: permission denied'],
      ['file', 'b.mat', null],
    ]);
  });
});
