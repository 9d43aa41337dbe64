// The installed command's and worker's V8 code caches (src/cache/code-cache.ts, run by
// src/cli-loader.ts and src/batch/worker-loader.ts): made once, used after, and a cache that is
// corrupt, cut short or made for another bundle never changes a report.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-code-cache-'));
const cache = join(dir, 'cache');
const archive = join(dir, 'archive');
mkdirSync(archive);
const sources = ['scoring/gammon-on-drop.mat', 'mat/gnubg-money-beavers.mat', 'scoring/crawford-post-crawford.mat'];
// Enough files for a worker to write its cache.
for (let k = 0; k < 150; k++)
  copyFileSync(join(FIXTURES, sources[k % sources.length]), join(archive, `${String(k).padStart(3, '0')}.mat`));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify(cacheDir: string): string {
  const r = spawnSync(process.execPath, [BIN, 'verify', archive, '--format', 'ndjson', '--jobs', '1'], {
    encoding: 'utf8',
    env: { ...process.env, BGAUDIT_CACHE_DIR: cacheDir },
  });
  expect(r.status).toBe(1);
  // Nothing said of a code cache: it is never needed (the results cache warns once of its own).
  expect(r.stderr).not.toMatch(/v8cache|internal-error|^\s+at /m);
  // The run record names no time or build path that could differ: the reports are compared whole.
  return r.stdout;
}

/** A cache file's layout: the SHA-256 of the data, then the data. */
const withSum = (data: Buffer) => Buffer.concat([createHash('sha256').update(data).digest(), data]);

const cacheFiles = (kind = '') => readdirSync(cache).filter((f) => f.startsWith(kind) && f.endsWith('.v8cache'));

describe('the code caches of the command and of the worker', () => {
  const without = verify('');

  it('are written by a run with none, and the reports are the same with them', () => {
    expect(verify(cache)).toBe(without);
    expect(cacheFiles('command-')).toHaveLength(1);
    expect(cacheFiles('worker-')).toHaveLength(1);
    // No temporary file left (the results cache has a folder of its own, and the folder its tag).
    expect(readdirSync(cache).filter((f) => f !== 'results' && f !== 'CACHEDIR.TAG')).toHaveLength(2);
    const written = readdirSync(cache).map((f) => [f, statSync(join(cache, f)).mtimeMs]);
    expect(verify(cache)).toBe(without);
    // Read, not written again.
    expect(readdirSync(cache).map((f) => [f, statSync(join(cache, f)).mtimeMs])).toEqual(written);
  });

  const spoils: [string, (b: Buffer) => Buffer | number][] = [
    ['a flipped byte', (b: Buffer) => (b[b.length - 100] ^= 0xff)],
    ['cut short', (b: Buffer) => b.subarray(0, b.length >> 1)],
    ['empty', () => Buffer.alloc(0)],
    // Its checksum right: V8 itself refuses it.
    ['not a code cache', () => withSum(Buffer.alloc(5000, 7))],
  ];
  it.each(['command-', 'worker-'].flatMap((kind) => spoils.map(([what, spoil]) => [kind, what, spoil] as const)))(
    '%s, %s: passed over, the reports unchanged, and made again',
    (kind, _, spoil) => {
      const [name] = cacheFiles(kind);
      const path = join(cache, name);
      const good = readFileSync(path);
      const copy = Buffer.from(good);
      const spoiled = spoil(copy);
      const bad = Buffer.isBuffer(spoiled) ? spoiled : copy;
      writeFileSync(path, bad);
      expect(verify(cache)).toBe(without);
      const again = readFileSync(path);
      expect(again.equals(bad)).toBe(false);
      expect(withSum(again.subarray(32)).equals(again)).toBe(true);
    },
  );

  it.each(['command-', 'worker-'])(
    "%s: a FIFO or a link in the cache's place is never opened: the run ends, the reports unchanged",
    (kind) => {
      const [name] = cacheFiles(kind);
      const path = join(cache, name);
      rmSync(path);
      spawnSync('mkfifo', [path]);
      expect(verify(cache)).toBe(without); // an open for reading of a FIFO with no writer blocks
      rmSync(path);
      writeFileSync(join(dir, `elsewhere-${kind}`), withSum(Buffer.alloc(5000, 7)));
      symlinkSync(join(dir, `elsewhere-${kind}`), path);
      expect(verify(cache)).toBe(without);
      rmSync(path); // made again by the next run
      expect(verify(cache)).toBe(without);
    },
  );

  it('a cache for another bundle or Node (another key) is never read', () => {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache);
    writeFileSync(join(cache, 'worker-00000000000000000000000000000000.v8cache'), 'x');
    writeFileSync(join(cache, 'command-00000000000000000000000000000000.v8cache'), 'x');
    expect(verify(cache)).toBe(without);
    expect(cacheFiles('worker-')).toHaveLength(2);
    expect(cacheFiles('command-')).toHaveLength(2);
  });

  it('one of another build unused for 30 days goes when a cache of its kind is written; a newer one stays', () => {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache);
    const old = join(cache, `command-${'0'.repeat(32)}.v8cache`);
    const recent = join(cache, `command-${'1'.repeat(32)}.v8cache`);
    const other = join(cache, `worker-${'2'.repeat(31)}.v8cache`); // not a name this module makes
    for (const f of [old, recent, other]) writeFileSync(f, 'x');
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    utimesSync(old, longAgo, longAgo);
    utimesSync(other, longAgo, longAgo);
    expect(verify(cache)).toBe(without);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(cacheFiles('command-')).toHaveLength(2);
  });

  it('a cache folder that is a file: no cache, and the command and its worker go on as without one', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const report = verify(file);
    expect(report).toBe(without);
    expect(report).not.toContain('internal-error');
    const version = spawnSync(process.execPath, [BIN, '--version'], {
      encoding: 'utf8',
      env: { ...process.env, BGAUDIT_CACHE_DIR: join(file, 'below') },
    });
    expect(version.status).toBe(0);
    expect(version.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });
});
