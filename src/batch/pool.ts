// Runs file tasks across a piscina pool and hands the outcomes back in input order, as they
// become ready. Files go to workers in batches (messaging is paid per batch, not per file);
// at most `window` batches are in flight, so memory does not grow with the archive. A batch
// whose worker dies is run again file by file, and the file that kills a worker alone is
// reported as an internal error: the run goes on.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { auditFile, internalError, type FileOutcome, type FileTask, type RunOptions } from './task.js';
import type { Batch } from './worker.js';

export interface PoolOptions {
  jobs: number;
  run: RunOptions;
  /** Called once per task, in input order. */
  onOutcome: (outcome: FileOutcome) => void;
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

function batchSize(files: number, jobs: number): number {
  return Math.max(1, Math.min(64, Math.ceil(files / (jobs * 8))));
}

export async function runTasks(tasks: FileTask[], options: PoolOptions): Promise<void> {
  const { jobs, run, onOutcome } = options;
  if (jobs <= 1 || tasks.length <= 1) {
    for (const task of tasks) {
      let outcome: FileOutcome;
      try {
        outcome = auditFile(task, run);
      } catch (e) {
        outcome = internalError(task.path, e, run);
      }
      onOutcome(outcome);
    }
    return;
  }
  const pool = new Piscina({ filename: workerFile(), minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000 });
  const size = batchSize(tasks.length, jobs);
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
    let next = 0;
    while (next < tasks.length || inFlight.length > 0) {
      while (next < tasks.length && inFlight.length < window) {
        const batch = tasks.slice(next, next + size);
        next += batch.length;
        const result = send(batch);
        result.catch(() => {}); // handled when its turn comes
        inFlight.push({ tasks: batch, result });
      }
      const head = inFlight.shift()!;
      let outcomes: FileOutcome[];
      try {
        outcomes = await head.result;
      } catch {
        outcomes = await isolate(head.tasks);
      }
      for (const o of outcomes) onOutcome(o);
    }
  } finally {
    await pool.destroy();
  }
}
