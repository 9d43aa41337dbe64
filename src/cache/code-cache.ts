// A bundle run through V8's code cache: the installed command (dist/bin/cli-code.cjs) and the
// pool's worker (dist/bin/worker-code.cjs) are each a CommonJS bundle that a small loader runs with
// vm.Script, handing V8 the code it compiled in an earlier process, so that the bundle's functions
// are not parsed and compiled again at every start. The cache lives in the user's cache folder,
// keyed by the bundle's content, the Node and V8 versions and the architecture, so that another
// build or another Node never reads it; a cache that is not the user's own, is cut short or
// corrupt (its checksum), or that V8 refuses, is passed over and made again.
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { defaultCacheDir, makeFolders, tagAsCache } from './folder.js';
import { openOwn } from './own-file.js';

/** Checksum bytes before the cached data. */
const SUM = 32;

/**
 * A code cache of another build or Node (another key) not written for this long is removed when
 * a cache of its kind is written: each upgrade leaves one behind, and nothing else would remove it.
 */
const STALE_MS = 30 * 24 * 3600 * 1000;

/** A CommonJS bundle, loaded and run through the code cache; `save` writes the cache when it had none fit to use. */
export class CachedBundle {
  /** What the bundle exports. */
  readonly exports: Record<string, unknown>;
  private readonly script: Script;
  /** Where the cache is kept; null when there is no cache folder or one fit to use was read. */
  private path: string | null;

  /** `kind` names the cache file (`<kind>-<key>.v8cache`). */
  constructor(codeFile: string, kind: string) {
    // A bundle may start with the command's `#!` line, which is not JavaScript inside a function:
    // made a comment, so that line numbers stay.
    const code = readFileSync(codeFile, 'utf8').replace(/^#!/, '//');
    const path = cacheFile(code, kind);
    const cachedData = path === null ? undefined : readCache(path);
    this.script = new Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
      filename: codeFile,
      cachedData,
    });
    this.path = cachedData === undefined || this.script.cachedDataRejected === true ? path : null;
    const module = { exports: {} as Record<string, unknown> };
    (this.script.runInThisContext() as (...args: unknown[]) => void)(
      module.exports,
      createRequire(codeFile),
      module,
      codeFile,
      dirname(codeFile),
    );
    this.exports = module.exports;
  }

  /**
   * Writes the cache, once, with every function compiled so far (those the run has reached), when
   * none fit to use was read.
   */
  save(): void {
    if (this.path === null) return;
    const path = this.path;
    this.path = null;
    try {
      writeCache(path, () => this.script.createCachedData());
    } catch {
      // never needed: the command or the worker goes on as it would with no cache folder
    }
  }
}

function cacheFile(code: string, kind: string): string | null {
  const dir = defaultCacheDir();
  if (dir === null) return null;
  const key = createHash('sha256')
    .update(code)
    .update(`\0${process.version}\0${process.versions.v8}\0${process.arch}`)
    .digest('hex')
    .slice(0, 32);
  return join(dir, `${kind}-${key}.v8cache`);
}

/** The cached data in `path`, or undefined when there is none fit to use. */
function readCache(path: string): Buffer | undefined {
  // Only the user's own regular file, never a link or a FIFO: code cache is trusted input to V8,
  // and the command or a worker must start.
  const file = openOwn(path);
  if (file === null) return undefined;
  try {
    const bytes = readFileSync(file.fd);
    if (bytes.length <= SUM) return undefined;
    const data = bytes.subarray(SUM);
    const sum = createHash('sha256').update(data).digest();
    return sum.equals(bytes.subarray(0, SUM)) ? data : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(file.fd);
  }
}

/**
 * Writes the cache whole or not at all (a temporary file, made new, renamed), quietly: a cache is
 * never needed, and a folder that is a file, a link loop or not the user's to write is one more
 * reason not to keep one.
 */
function writeCache(path: string, made: () => Buffer): void {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  let fd: number | null = null;
  try {
    makeFolders(dirname(path));
    tagAsCache(dirname(path));
    // The file made before the cache: a folder that cannot take it costs no serializing.
    fd = openSync(temp, 'wx', 0o600);
    const data = made();
    writeFileSync(fd, Buffer.concat([createHash('sha256').update(data).digest(), data]));
    closeSync(fd);
    fd = null;
    renameSync(temp, path);
    dropStale(dirname(path), basename(path));
  } catch {
    try {
      if (fd !== null) closeSync(fd);
      rmSync(temp, { force: true }); // nothing left behind when the write or the rename failed
    } catch {
      // no folder to leave it in (ENOTDIR, ELOOP, EACCES): nothing was written
    }
  }
}

/**
 * The caches of `kept`'s kind but another key, written more than STALE_MS ago, removed: the user's
 * own regular files only, named as this module names them.
 */
function dropStale(dir: string, kept: string): void {
  const kind = kept.slice(0, kept.indexOf('-') + 1);
  const uid = process.getuid?.();
  for (const name of readdirSync(dir)) {
    if (name === kept || !name.startsWith(kind) || !/^[a-z]+-[0-9a-f]{32}\.v8cache$/.test(name)) continue;
    try {
      const s = lstatSync(join(dir, name));
      if (s.isFile() && (uid === undefined || s.uid === uid) && Date.now() - s.mtimeMs > STALE_MS)
        rmSync(join(dir, name));
    } catch {
      // gone already, or not ours to remove
    }
  }
}
