// The cache folder as the main thread sees it: where it is, whether it can be written, what keys
// its results are salted with, and its eviction. The worker code cache (batch/worker-loader.ts)
// lives at the folder's top; the results cache in its `results` subfolder.
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CacheSpec } from './results.js';
import { CACHE_TAG, CACHE_TAG_SIGNATURE } from './tag.js';

/**
 * `BGAUDIT_CACHE_DIR`, else `$XDG_CACHE_HOME/bgaudit`, else `~/.cache/bgaudit`; null when
 * `BGAUDIT_CACHE_DIR` is set empty or there is no home folder.
 */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string | null {
  const asked = env.BGAUDIT_CACHE_DIR;
  if (asked !== undefined) return asked === '' ? null : asked;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg) return join(xdg, 'bgaudit');
  try {
    const home = homedir();
    return home ? join(home, '.cache', 'bgaudit') : null;
  } catch {
    return null;
  }
}

/** The results' subfolder of a cache folder. */
function resultsDir(cacheDir: string): string {
  return join(cacheDir, 'results');
}

/**
 * The results cache grows to this many bytes; a run that wrote entries and finds it larger
 * removes the packs used longest ago until it holds three quarters of it.
 */
const CACHE_MOST_BYTES = 1024 * 1024 * 1024;

/**
 * The code that audits as a salt: the worker the pool starts and the bundle beside it, and Node's
 * version (a cache never outlives the program that wrote it, even at the same version number).
 */
export function codeIdentity(workerFile: string): string {
  const hash = createHash('sha256').update(readFileSync(workerFile));
  try {
    hash.update(readFileSync(join(dirname(workerFile), 'worker-code.cjs')));
  } catch {
    // a worker with no bundle beside it (a test's): its own code is the identity
  }
  return hash.update(`\0${process.version}\0${process.arch}`).digest('hex');
}

/**
 * A folder and those above it made one at a time (Node's recursive mkdir can loop for ever on a
 * path it cannot make, such as one under /proc).
 */
export function makeFolders(dir: string): void {
  const up = dirname(dir);
  if (up !== dir) {
    try {
      if (statSync(dir).isDirectory()) return;
    } catch {
      makeFolders(up);
    }
  }
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/**
 * The cache folder's tag (bford.info/cachedir): walks pass a tagged folder by (bgaudit's own,
 * tar's --exclude-caches, backup tools), so that an archive that holds the cache never counts it.
 */
export function tagAsCache(cacheDir: string): void {
  const text = `${CACHE_TAG_SIGNATURE}\n# This file is a cache directory tag created by bgaudit.\n# For information about cache directory tags, see https://bford.info/cachedir/\n`;
  try {
    writeFileSync(join(cacheDir, CACHE_TAG), text, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/**
 * The run's cache, ready to use: its results folder made and written to once. A folder that
 * cannot be is not used: `warning` says why, and the run goes on uncached.
 */
export function openResultsCache(
  cacheDir: string,
  identity: string,
  settings: unknown,
): { spec: CacheSpec } | { warning: string } {
  const salt = createHash('sha256')
    .update(`${identity}\0${JSON.stringify(settings)}`)
    .digest('hex');
  // A folder of packs for each salt: a run reads the indexes of its own code and settings only.
  const root = resultsDir(cacheDir);
  const dir = join(root, salt.slice(0, 16));
  const probe = join(dir, `probe-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    makeFolders(dir);
    tagAsCache(cacheDir);
    writeFileSync(probe, '', { mode: 0o600, flag: 'wx' });
    rmSync(probe);
  } catch (e) {
    try {
      rmSync(probe, { force: true });
    } catch {
      // never made
    }
    const why = e instanceof Error ? e.message : String(e);
    return { warning: `the results cache in ${cacheDir} cannot be written (${why}): this run is not cached` };
  }
  return { spec: { root, dir, salt } };
}

/** The packs of every salt's folder and what each takes with its index, least recently used first. */
function packs(root: string): { id: string; size: number; used: number }[] {
  const found: { id: string; size: number; used: number }[] = [];
  for (const sub of readdirSync(root)) {
    if (!/^[0-9a-f]{16}$/.test(sub)) continue;
    let names: string[];
    try {
      // A salt's folder itself, never one a link points to: what is removed is the cache's own.
      if (!lstatSync(join(root, sub)).isDirectory()) continue;
      names = readdirSync(join(root, sub));
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.pack')) continue;
      const id = join(sub, name.slice(0, -'.pack'.length));
      try {
        const s = lstatSync(join(root, `${id}.pack`));
        if (!s.isFile()) continue;
        let index = 0;
        try {
          index = lstatSync(join(root, `${id}.idx`)).size;
        } catch {
          // an index gone: the pack is found by nothing, and goes first
          found.push({ id, size: s.size, used: 0 });
          continue;
        }
        found.push({ id, size: s.size + index, used: s.mtimeMs });
      } catch {
        // gone meanwhile (another run trimming)
      }
    }
  }
  return found.sort((a, b) => a.used - b.used);
}

/** Packs past this many are removed, least recently used first, whatever their size: each run's workers read every index. */
const CACHE_MOST_PACKS = 1000;

/**
 * After a run that wrote entries: above `most` bytes (or `CACHE_MOST_PACKS` packs) the packs used
 * longest ago are removed with their indexes until it holds three quarters of it. Quiet: the
 * cache is never needed. The number of packs removed.
 */
export function trimResultsCache(root: string, most = CACHE_MOST_BYTES): number {
  try {
    const all = packs(root);
    let size = all.reduce((n, p) => n + p.size, 0);
    let count = all.length;
    if (size <= most && count <= CACHE_MOST_PACKS) return 0;
    let removed = 0;
    for (const p of all) {
      if (size <= most * 0.75 && count <= CACHE_MOST_PACKS * 0.75) break;
      // The index first: a pack with no index is never read.
      rmSync(join(root, `${p.id}.idx`), { force: true });
      rmSync(join(root, `${p.id}.pack`), { force: true });
      size -= p.size;
      count--;
      removed++;
    }
    // A salt's folder left empty goes too (rmdir: one another run has just written into stays).
    for (const sub of new Set(all.map((p) => dirname(p.id))))
      try {
        rmdirSync(join(root, sub));
      } catch {
        // not empty
      }
    return removed;
  } catch {
    return 0;
  }
}
