// The pool's worker as installed (dist/bin/worker.cjs): the bundled worker (worker-code.cjs) run
// through V8's code cache. Every worker is a fresh isolate that would otherwise compile the
// bundle's functions again, lazily, as its first files reach them; a cache made once a worker
// has audited enough files holds them compiled. The cache lives in the user's cache folder,
// keyed by the bundle's content, the Node and V8 versions and the architecture, so that another
// build or another Node never reads it; a cache that is not the user's own, is cut short or
// corrupt (its checksum), or that V8 refuses, is passed over and made again.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type { Batch, BatchResult } from './batch.js';
import { defaultCacheDir } from '../cache/folder.js';
import { openOwn } from '../cache/own-file.js';

type RunBatch = (batch: Batch) => BatchResult;

/** Files a worker audits before it writes the cache: enough for the functions a run reaches to be compiled. */
const WRITE_AFTER = 100;

/** Checksum bytes before the cached data. */
const SUM = 32;

const here = dirname(fileURLToPath(import.meta.url));
const codeFile = join(here, 'worker-code.cjs');
const code = readFileSync(codeFile, 'utf8');

function cacheFile(): string | null {
  const dir = defaultCacheDir();
  if (dir === null) return null;
  const key = createHash('sha256')
    .update(code)
    .update(`\0${process.version}\0${process.versions.v8}\0${process.arch}`)
    .digest('hex')
    .slice(0, 32);
  return join(dir, `worker-${key}.v8cache`);
}

/** The cached data in `path`, or undefined when there is none fit to use. */
function readCache(path: string): Buffer | undefined {
  // Only the user's own regular file, never a link or a FIFO: code cache is trusted input to V8,
  // and a worker must start.
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

/** Writes the cache whole or not at all (a temporary file renamed), quietly: a cache is never needed. */
function writeCache(path: string, data: Buffer): void {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temp, Buffer.concat([createHash('sha256').update(data).digest(), data]), { mode: 0o600 });
    renameSync(temp, path);
  } catch {
    rmSync(temp, { force: true }); // nothing left behind when the write or the rename failed
  }
}

const path = cacheFile();
const cachedData = path === null ? undefined : readCache(path);
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
  filename: codeFile,
  cachedData,
});
const module = { exports: {} as { default: RunBatch } };
(script.runInThisContext() as (...args: unknown[]) => void)(
  module.exports,
  createRequire(codeFile),
  module,
  codeFile,
  here,
);
const runBatch = module.exports.default;

/**
 * Told the files of each batch the worker audits: writes the cache once, after the first
 * WRITE_AFTER of them, when there is a cache folder and no cache fit to use was read.
 */
function cacheWriter(needed: boolean): (files: number) => void {
  if (path === null || !needed) return () => {};
  let left = WRITE_AFTER;
  return (files) => {
    if (left <= 0) return;
    left -= files;
    if (left <= 0) writeCache(path, script.createCachedData());
  };
}
const audited = cacheWriter(cachedData === undefined || script.cachedDataRejected === true);

/** A batch's outcomes. */
export default function run(batch: Batch): BatchResult {
  const result = runBatch(batch);
  audited(result.outcomes.length);
  return result;
}
