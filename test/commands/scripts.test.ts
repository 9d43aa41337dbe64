// Promises a script can rely on, each checked by making the mistake.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, cli, reportsIn, tempDir } from '../helpers.js';

const good = join(FIXTURES, 'scoring', 'crawford-post-crawford.mat');

describe('nothing audited is not "clean"', () => {
  it.each([
    ['an empty folder', {}],
    ['a folder of notes', { 'readme.md': '# notes\n', 'notes.txt': 'shopping list\n' }],
  ])('%s: verify and csv say so and exit 2', async (_, files: Record<string, string>) => {
    const dir = tempDir('bgaudit-none-');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    for (const command of ['verify', 'csv']) {
      const r = await cli(command, dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^bgaudit: no match file to read in the paths given( \(2 skipped: not match files\))?\n$/,
      );
    }
  });

  it('an unreadable file is still a file audited: exit 1, not 2', async () => {
    const r = await cli('verify', '/dev/null');
    expect(r.code).toBe(1);
  });
});

describe('the same file named twice is audited once', () => {
  it.each([
    ['a folder and a file in it', (d: string) => [d, join(d, 'x.mat')]],
    ['a file and the folder after it', (d: string) => [join(d, 'x.mat'), d]],
    ['the same file twice', (d: string) => [join(d, 'x.mat'), join(d, '.', 'x.mat')]],
    ['overlapping globs', (d: string) => [`${d}/*.mat`, `${d}/**/x.mat`]],
  ])('%s', async (_, argv) => {
    const dir = tempDir('bgaudit-twice-');
    mkdirSync(join(dir, 'sub'));
    copyFileSync(good, join(dir, 'x.mat'));
    copyFileSync(good, join(dir, 'sub', 'y.mat'));
    const r = await cli('verify', ...argv(dir), '--format', 'ndjson');
    const files = reportsIn(r.stdout).map((x) => x.file.slice(dir.length + 1).replace(/^\.\//, ''));
    expect(files.filter((f) => f === 'x.mat')).toHaveLength(1);
    expect(r.stderr).toContain('named more than once, audited once');
  });

  it('a file passed over (a FIFO) met by two paths is counted once', async () => {
    const dir = tempDir('bgaudit-twice-');
    copyFileSync(good, join(dir, 'x.mat'));
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [join(dir, 'p.mat')]);
    const r = await cli('verify', dir, `${dir}/*.mat`);
    expect(r.stderr).toContain('bgaudit: 1 special file (FIFOs, devices, sockets) not read');
  });
});

describe('the npm package', () => {
  it('holds what its users run, the licence, and no tests or fixtures', async () => {
    const { execFileSync } = await import('node:child_process');
    const { ROOT } = await import('../helpers.js');
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }),
    ) as { files: { path: string }[] }[];
    const files = packed[0].files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/bin/bgaudit.js',
        'dist/bin/cli-code.cjs',
        'dist/bin/worker.cjs',
        'dist/bin/worker-code.cjs',
        'dist/lib/index.js',
        'dist/src/index.d.ts',
        'dist/grammars/mat.d.ts',
      ]),
    );
    // The bundles and the types: no module of dist/src, which the bundles hold.
    expect(
      files.filter(
        (f) =>
          !/^dist\/(src|grammars)\/.+\.d\.ts$/.test(f) &&
          !/^dist\/bin\/(bgaudit\.js|cli-code\.cjs|worker(-code)?\.cjs)$/.test(f) &&
          f !== 'dist/lib/index.js' &&
          !['LICENSE', 'README.md', 'package.json'].includes(f),
      ),
    ).toEqual([]);
  });

  it('installs with piscina, and the two packages its type declarations name: the bundles hold the rest', async () => {
    const { ROOT } = await import('../helpers.js');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    // piscina starts its workers from a file of its own; commander and @types/parsimmon are named
    // by the library's .d.ts files (a TypeScript user checks them without skipLibCheck).
    expect(Object.keys(pkg.dependencies)).toEqual(['@types/parsimmon', 'commander', 'piscina']);
    // No script runs when the package is installed (npm would warn of it).
    expect(Object.keys(pkg.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
  });
});
