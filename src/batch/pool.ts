// Runs file tasks across a piscina pool and hands the outcomes back in input order, as they
// become ready. Files go to workers in batches (messaging is paid per batch, not per file);
// at most `window` batches are in flight, so memory does not grow with the archive. A batch
// whose worker dies is run again file by file, and the file that kills a worker alone is
// reported as an internal error: the run goes on.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditFile, internalError, type FileOutcome, type FileTask, type RunOptions } from './task.js';
import type { Batch } from './worker.js';

export interface PoolOptions {
  jobs: number;
  run: RunOptions;
  /** Called once per task, in input order. */
  onOutcome: (outcome: FileOutcome) => void;
  /**
   * Asked after each outcome: a promise when the output cannot take more for now (a pipe to a
   * slow reader), which the run waits for before auditing further; null to go on.
   */
  outputDrained?: () => Promise<void> | null;
}

/** The compiled worker: beside this file when running from dist, in dist when running the sources (tests). */
function workerFile(): string {
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
 * Below this many files the pool's start (about half a second) costs more than it gives.
 * `BGAUDIT_POOL_FROM` changes it, for tests that need the pool on a few files.
 */
function poolFrom(): number {
  return Number(process.env.BGAUDIT_POOL_FROM) || 64;
}

/**
 * Audits the tasks as they come (discovery streams them: an archive's file list is never held
 * whole) and calls `onOutcome` in their order.
 */
export async function runTasks(tasks: Iterable<FileTask>, options: PoolOptions): Promise<void> {
  const { jobs, run } = options;
  const drained = options.outputDrained ?? (() => null);
  // The in-process loop never yields by itself: waiting here is what lets a piped stdout flush.
  const emit = (outcome: FileOutcome): Promise<void> | null => {
    options.onOutcome(outcome);
    return drained();
  };
  const source = tasks[Symbol.iterator]();
  // Look ahead: a short run is audited here, without starting workers.
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
  const threshold = poolFrom();
  if (jobs > 1) {
    while (ahead.length < threshold && !done) {
      const r = source.next();
      if (r.done) done = true;
      else ahead.push(r.value);
    }
  }
  if (jobs <= 1 || ahead.length < threshold) {
    for (let t = pull(); t !== null; t = pull()) {
      const wait = emit(auditFile(t, run)); // auditFile turns any failure into an outcome
      if (wait) await wait;
    }
    return;
  }
  // Loaded only here: a short run or --jobs 1 does not pay for loading piscina.
  const { Piscina } = await import('piscina');
  // A smaller young generation than V8's default keeps each worker's heap from creeping up over a
  // long run (peak RSS, 10,000 → 100,000 files: 1.3× with the default, 1.2× with 16 MB, 1.1× with
  // 8 MB at a quarter of the throughput more): the files are small, their objects short-lived.
  const pool = new Piscina({ filename: workerFile(), minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000, resourceLimits: { maxYoungGenerationSizeMb: 16 } });
  const window = jobs * 3;
  const inFlight: { tasks: FileTask[]; result: Promise<FileOutcome[]> }[] = [];
  const send = (batch: FileTask[]): Promise<FileOutcome[]> => pool.run({ tasks: batch, options: run } satisfies Batch) as Promise<FileOutcome[]>;
  // A rejected batch: a worker died. Run its files alone to find the one that kills it.
  const isolate = async (batch: FileTask[]): Promise<FileOutcome[]> => {
    const out: FileOutcome[] = [];
    for (const task of batch) {
      try {
        out.push(...(await send([task])));
      } catch (e) {
        out.push(internalError(task.path, e, run));
      }
    }
    return out;
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
        const result = send(batch);
        result.catch(() => {}); // handled when its turn comes
        inFlight.push({ tasks: batch, result });
      }
      const head = inFlight.shift();
      if (!head) break;
      let outcomes: FileOutcome[];
      try {
        outcomes = await head.result;
      } catch {
        outcomes = await isolate(head.tasks);
      }
      for (const o of outcomes) {
        const wait = emit(o);
        if (wait) await wait;
      }
    }
  } finally {
    await pool.destroy();
  }
}
