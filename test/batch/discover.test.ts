import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover, type DiscoverOptions, type Discovered } from '../../src/batch/discover.js';
import { globBase, globMatcher } from '../../src/batch/glob.js';
import { tempDir } from '../helpers.js';

function all(paths: string[], options: DiscoverOptions = {}): Discovered[] {
  const out: Discovered[] = [];
  for (const d of discover(paths, options)) out.push(d);
  return out;
}

function tree(): string {
  const dir = tempDir('bgaudit-discover-');
  mkdirSync(join(dir, 'b'));
  mkdirSync(join(dir, 'a'));
  writeFileSync(join(dir, 'b', 'x.mat'), '');
  writeFileSync(join(dir, 'a', 'z.sgf'), '');
  writeFileSync(join(dir, 'a', 'y.txt'), '');
  writeFileSync(join(dir, 'a', 'notes.pdf'), '');
  writeFileSync(join(dir, 'a', 'NOEXT'), '');
  symlinkSync(dir, join(dir, 'a', 'loop'));
  return dir;
}

describe('discover', () => {
  it('walks folders recursively in sorted order, skips other files, does not follow a link to a folder', async () => {
    const dir = tree();
    const found = await all([dir]);
    expect(
      found.map((d) => [
        d.kind,
        d.path.slice(dir.length + 1),
        d.kind === 'file' ? d.sniff : d.kind === 'skipped' ? d.why : null,
      ]),
    ).toEqual([
      ['file', 'a/NOEXT', true],
      ['skipped', 'a/loop', 'link'],
      ['skipped', 'a/notes.pdf', 'not-a-match'],
      ['file', 'a/y.txt', true],
      ['file', 'a/z.sgf', false],
      ['file', 'b/x.mat', false],
    ]);
  });

  it('with follow, follows the link to a folder and survives the loop it makes', async () => {
    const dir = tree();
    const found = all([dir], { follow: true }).filter((d) => d.kind === 'file');
    expect(found.map((d) => d.path.slice(dir.length + 1))).toEqual(['a/NOEXT', 'a/y.txt', 'a/z.sgf', 'b/x.mat']);
  });

  it('always reads a file named explicitly, and reports a missing one in its place', async () => {
    const dir = tree();
    const found = await all([join(dir, 'a', 'notes.pdf'), join(dir, 'nope.mat'), join(dir, 'b', 'x.mat')]);
    expect(found.map((d) => d.kind)).toEqual(['file', 'missing', 'file']);
    expect(found[0]).toMatchObject({ sniff: false });
  });

  it('expands globs the shell left alone', async () => {
    const dir = tree();
    const found = await all([`${dir}/**/*.mat`, `${dir}/a/*.sgf`, `${dir}/none/*.mat`]);
    expect(found.map((d) => [d.kind, d.path.slice(dir.length + 1)])).toEqual([
      ['file', 'b/x.mat'],
      ['file', 'a/z.sgf'],
      ['missing', 'none/*.mat'],
    ]);
  });

  it('reads every file a glob names, whatever its extension or content (no sniffing)', async () => {
    const dir = tree();
    const found = await all([`${dir}/a/*.txt`, `${dir}/a/NO*`]);
    expect(found.map((d) => [d.kind, d.path.slice(dir.length + 1), d.kind === 'file' ? d.sniff : null])).toEqual([
      ['file', 'a/y.txt', false],
      ['file', 'a/NOEXT', false],
    ]);
  });

  it.each([
    ['*.mat', 'a.mat', true],
    ['*.mat', 'd/a.mat', false],
    ['**/*.mat', 'd/e/a.mat', true],
    ['**/*.mat', 'a.mat', true],
    ['d/?.mat', 'd/a.mat', true],
    ['d/[ab].mat', 'd/c.mat', false],
    ['d/[!ab].mat', 'd/c.mat', true],
    ['d/[!ab].mat', 'd/a.mat', false],
    ['d/{x,y}/*.mat', 'd/y/a.mat', true],
    ['d/{x,y}/*.mat', 'd/z/a.mat', false],
    ['d/!(draft*).mat', 'd/final.mat', true],
    ['d/!(draft*).mat', 'd/draft-2.mat', false],
    ['**/*.{mat,sgf}', 'a/b/c.sgf', true],
    ['*.mat', '.hidden.mat', false],
  ])('glob %s matches %s: %s', (glob, path, expected) => {
    expect(globMatcher(glob)(path)).toBe(expected);
  });

  it('a pattern that cannot be read is an error, not a pattern that matches nothing', () => {
    expect(() => globMatcher('x/[z-a]*.mat')).toThrow(/Range out of order/);
  });

  it('walks from the part of a glob without wildcards', () => {
    expect(globBase('archive/2024/**/*.mat')).toBe('archive/2024');
    expect(globBase('*.mat')).toBe('.');
    expect(globBase('/x/*.mat')).toBe('/x');
  });
});
