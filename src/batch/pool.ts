// Runs file tasks across a piscina pool of worker threads and hands the outcomes back in input
// order, as they become ready. Every file is audited in a worker, whatever --jobs says, because
// only a worker can be stopped: a file that runs past the time limit is stopped there, a file
// that needs more memory than a worker may take kills only that worker, and the run goes on
// with the next file either way.
//
// Files go to workers in batches (messaging is paid per batch, not per file); at most `window`
// batches are in flight, and a worker returns a batch early once its rendered output reaches a
// budget, so what the main thread holds is bounded in bytes, not only in files.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROGRESS_BYTES, PROGRESS_FILE, PROGRESS_SINCE, type Batch, type BatchResult } from './batch.js';
import { failure, internalError, type FileOutcome, type FileTask, type RunOptions } from './outcome.js';

export interface PoolOptions {
  /** Worker threads. */
  jobs: number;
  run: RunOptions;
  /** A file still running after this many milliseconds is stopped and reported (`timeout`); 0: no limit. */
  fileTimeoutMs: number;
  /** Called once per task, in input order. */
  onOutcome: (outcome: FileOutcome) => void;
  /** Rendered characters a worker gathers before it returns a batch (default 4 M). */
  outputBudget?: number;
  /**
   * Asked after each outcome: a promise when the output cannot take more for now (a pipe to a
   * slow reader), which the run waits for before auditing further; null to go on.
   */
  outputDrained?: () => Promise<void> | null;
}

/** The compiled worker: beside this file when running from dist, in dist when running the sources (tests). */
function workerFile(): string {
  const test = process.env.BGAUDIT_TEST_WORKER_FILE; // test-only: a worker that cannot start
  if (test) return test;
  const here = fileURLToPath(import.meta.url);
  const beside = resolve(dirname(here), 'worker.js');
  if (!here.endsWith('.ts') && existsSync(beside)) return beside;
  const built = resolve(dirname(here), '..', '..', 'dist', 'src', 'batch', 'worker.js');
  if (!existsSync(built)) throw new Error(`the compiled worker ${built} is missing: run npm run build`);
  return built;
}

/** The first files go out one by one, so that even a short run keeps every worker busy. */
function nextBatchSize(sent: number, jobs: number): number {
  return Math.min(64, 2 ** Math.floor(sent / jobs));
}

/**
 * A run smaller than this, in files and in bytes, is audited by one worker: a second worker's
 * start and warm-up cost more than it gives. Measured on the 2-core development machine
 * (2026-12-01, .mat files of the corpus, wall time of the whole run, 1 worker → 2 workers):
 * 1,381 files (4.9 MB) 1.55 → 1.90 s, 5,524 files (19.6 MB) 3.82 → 3.64 s, 22,096 files (78 MB)
 * 10.3 → 7.8 s. `BGAUDIT_POOL_FROM` (files) changes it, for tests that need several workers on a
 * few files.
 */
function poolFrom(): { files: number; bytes: number } {
  const files = Number(process.env.BGAUDIT_POOL_FROM);
  return files > 0 ? { files, bytes: Infinity } : { files: 4000, bytes: 16 * 1024 * 1024 };
}

/** Workers for a run: as asked, unless the whole run was seen and is smaller than the threshold. */
export function workersFor(asked: number, seen: { files: number; bytes: number; all: boolean }, threshold = poolFrom()): number {
  return seen.all && seen.files < threshold.files && seen.bytes < threshold.bytes ? 1 : asked;
}

/** The size of a file to read, 0 when it cannot be known without reading it. */
function sizeOf(task: FileTask): number {
  if (task.bytes) return task.bytes.length;
  try {
    return statSync(task.fsPath ? Buffer.from(task.fsPath) : task.path).size;
  } catch {
    return 0;
  }
}

/** Rendered characters a worker gathers before it returns a batch: a few MB per batch in flight. */
const OUTPUT_BUDGET = 4 * 1024 * 1024;

/**
 * The old-generation heap a worker may take: auditing holds about 50 bytes per byte of the file
 * (README, bounded for every shape of input), so the limit follows --max-file-size, with room for
 * the worker's own code and the batch's output.
 */
export function workerHeapMb(maxFileSize: number): number {
  return 256 + Math.ceil((maxFileSize * 100) / (1024 * 1024));
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

interface InFlight {
  tasks: FileTask[];
  progress: SharedArrayBuffer;
  abort: AbortController;
  /** Set by the watchdog: the file it stopped. */
  timedOut: number | null;
  result: Promise<BatchResult>;
}

/**
 * Audits the tasks as they come (discovery streams them: an archive's file list is never held
 * whole) and calls `onOutcome` in their order.
 */
export async function runTasks(tasks: Iterable<FileTask>, options: PoolOptions): Promise<void> {
  const { run } = options;
  const drained = options.outputDrained ?? (() => null);
  const source = tasks[Symbol.iterator]();
  const ahead: FileTask[] = [];
  let done = false;
  const pull = (): FileTask | null => {
    if (ahead.length > 0) return ahead.shift()!;
    if (done) return null;
    const r = source.next();
    if (r.done) {
      done = true;
      return null;
    }
    return r.value;
  };
  // Look ahead until the run is known to be long enough for several workers, or has ended.
  const threshold = poolFrom();
  let bytes = 0;
  while (options.jobs > 1 && ahead.length < threshold.files && bytes < threshold.bytes && !done) {
    const r = source.next();
    if (r.done) done = true;
    else {
      ahead.push(r.value);
      bytes += sizeOf(r.value);
    }
  }
  if (done && ahead.length === 0) return;
  const jobs = workersFor(options.jobs, { files: ahead.length, bytes, all: done }, threshold);

  // Loaded only here: a run with nothing to read does not pay for loading piscina.
  const { Piscina } = await import('piscina');
  const heapMb = workerHeapMb(run.maxFileSize);
  // A smaller young generation than V8's default keeps each worker's heap from creeping up over a
  // long run (peak RSS, 10,000 → 100,000 files: 1.3× with the default, 1.2× with 16 MB): the
  // files are small, their objects short-lived.
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: jobs,
    maxThreads: jobs,
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: heapMb },
  });
  // A worker that cannot start (a broken install) is an 'error' event, which would end the process
  // unheard; its tasks are rejected too, and reported from there.
  pool.on('error', () => {});
  const window = jobs * 3;
  const inFlight: InFlight[] = [];

  /** A batch's shared progress slots, before its first file. */
  const newProgress = (): SharedArrayBuffer => {
    const progress = new SharedArrayBuffer(PROGRESS_BYTES);
    new Int32Array(progress, PROGRESS_FILE, 1)[0] = -1;
    return progress;
  };

  const send = (batch: FileTask[]): InFlight => {
    const progress = newProgress();
    const abort = new AbortController();
    const message: Batch = { tasks: batch, options: run, progress, outputBudget: options.outputBudget ?? OUTPUT_BUDGET };
    const result = pool.run(message, { signal: abort.signal }) as Promise<BatchResult>;
    result.catch(() => {}); // handled when its turn comes
    return { tasks: batch, progress, abort, timedOut: null, result };
  };

  // The watchdog: a file that has run longer than the limit is stopped (its worker is ended and
  // replaced); the batch's other files are sent again.
  const timeout = options.fileTimeoutMs;
  const watched = new Set<InFlight>();
  const watchdog =
    timeout > 0
      ? setInterval(
          () => {
            const now = Date.now();
            for (const f of watched) {
              const k = Atomics.load(new Int32Array(f.progress, PROGRESS_FILE, 1), 0);
              if (k < 0 || f.timedOut !== null) continue;
              if (now - new Float64Array(f.progress, PROGRESS_SINCE, 1)[0] > timeout) {
                f.timedOut = k;
                f.abort.abort(new Error('file timeout'));
              }
            }
          },
          Math.max(10, Math.min(1000, timeout / 4)),
        )
      : null;
  watchdog?.unref();

  // Set when workers cannot start at all (a broken install): nothing more is sent, and what waits
  // in the pool's queue for a worker that will never come is called back.
  let broken: string | null = null;
  const start = (batch: FileTask[]): InFlight => {
    if (broken !== null) {
      const result = Promise.reject(new Error(broken));
      result.catch(() => {});
      return { tasks: batch, progress: newProgress(), abort: new AbortController(), timedOut: null, result };
    }
    const f = send(batch);
    watched.add(f);
    void f.result.then(
      () => watched.delete(f),
      () => watched.delete(f),
    );
    return f;
  };

  /** A batch's outcomes, in order, whatever happened to its worker. */
  const settle = async (f: InFlight): Promise<FileOutcome[]> => {
    let result: BatchResult;
    try {
      result = await f.result;
    } catch (e) {
      const k = f.timedOut ?? Atomics.load(new Int32Array(f.progress, PROGRESS_FILE, 1), 0);
      if (k < 0) {
        // The worker was lost before it began a file: workers cannot start here (a broken install;
        // piscina would queue what follows for a worker that never comes). Give up on them.
        if (broken === null) {
          broken = e instanceof Error ? e.message : String(e);
          for (const other of inFlight) other.abort.abort(new Error(broken));
        }
        const what = broken;
        return f.tasks.map((t) => internalError(t.path, `a worker could not start: ${what}`, run));
      }
      const task = f.tasks[k];
      let lost: FileOutcome;
      if (f.timedOut !== null) {
        lost = failure(task.path, 'timeout', `auditing this file took longer than the ${seconds(timeout)} limit (--file-timeout); it was stopped and not audited`, run);
      } else if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        lost = failure(task.path, 'memory-limit', `auditing this file needed more than the ${heapMb} MB a worker may take (it follows --max-file-size); it was not audited`, run);
      } else {
        lost = internalError(task.path, `the worker stopped: ${e instanceof Error ? e.message : String(e)}`, run);
      }
      // The files before it were audited, but their outcomes went with the worker: again.
      const before = k > 0 ? await settle(start(f.tasks.slice(0, k))) : [];
      const after = k + 1 < f.tasks.length ? await settle(start(f.tasks.slice(k + 1))) : [];
      return [...before, lost, ...after];
    }
    const got = result.outcomes;
    if (got.length === f.tasks.length) return got;
    // The output budget ran out: the rest of the batch again, ahead of everything else.
    return [...got, ...(await settle(start(f.tasks.slice(got.length))))];
  };

  try {
    let sent = 0;
    let last = false;
    while (!last || inFlight.length > 0) {
      while (!last && inFlight.length < window) {
        const batch: FileTask[] = [];
        const size = nextBatchSize(sent++, jobs);
        for (let t = batch.length < size ? pull() : null; t !== null; t = batch.length < size ? pull() : null) batch.push(t);
        if (batch.length < size) last = true;
        if (batch.length === 0) break;
        inFlight.push(start(batch));
      }
      const head = inFlight.shift();
      if (!head) break;
      for (const o of await settle(head)) {
        options.onOutcome(o);
        const wait = drained();
        if (wait) await wait;
      }
    }
  } finally {
    if (watchdog) clearInterval(watchdog);
    for (const f of inFlight) f.abort.abort(new Error('run ended'));
    await pool.destroy();
  }
}
