// Runs file tasks across a piscina pool of worker threads and hands the outcomes back in input
// order, as they become ready. Every file is audited in a worker, whatever --jobs says, because
// only a worker can be stopped: a file that runs past the time limit is stopped there, a file
// that needs more memory than a worker may take kills only that worker, and the run goes on
// with the next file either way.
//
// Files go to workers in batches (messaging is paid per batch, not per file); at most `window`
// batches are in flight, and a worker returns a batch early once its rendered output reaches a
// budget, so what the main thread holds is bounded in bytes, not only in files.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  PROGRESS_ANSWERS,
  PROGRESS_BYTES,
  PROGRESS_FILE,
  PROGRESS_SINCE,
  type Batch,
  type BatchResult,
  type Answer,
  type Asked,
  type Question,
  type Rendered,
} from './batch.js';
import { failure, internalError, type FileOutcome, type FileTask, type RunOptions } from './outcome.js';
import { TURN } from './discover.js';
import { itemAt } from '../core/at.js';
import { poolFrom, workerFile } from './pool-setup.js';
import type { DuplicateDesk } from './duplicate-desk.js';

export interface PoolOptions {
  /** Worker threads. */
  jobs: number;
  run: RunOptions;
  /** A file still running after this many milliseconds is stopped and reported (`timeout`); 0: no limit. */
  fileTimeoutMs: number;
  /** Called once per task, in input order; the run waits for a promise it returns (a large file's output being copied). */
  onOutcome: (outcome: FileOutcome) => Promise<void> | void;
  /** Rendered characters a worker gathers before it returns a batch (default 4 M). */
  outputBudget?: number;
  /**
   * Asked after each outcome: a promise when the output cannot take more for now (a pipe to a
   * slow reader), which the run waits for before auditing further; null to go on.
   */
  outputDrained?: () => Promise<void> | null;
  /** The duplicate check: the workers ask it about each file's matches before rendering the file. */
  desk?: DuplicateDesk;
}

/** The first files go out one by one, so that even a short run keeps every worker busy. */
function nextBatchSize(sent: number, jobs: number): number {
  return Math.min(64, 2 ** Math.floor(sent / jobs));
}

/** Workers for a run: as asked, unless the whole run was seen and is smaller than the threshold. */
export function workersFor(
  asked: number,
  seen: { files: number; bytes: number; all: boolean },
  threshold = poolFrom(),
): number {
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
function workerHeapMb(maxFileSize: number): number {
  return 256 + Math.ceil((maxFileSize * 100) / (1024 * 1024));
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

interface InFlight {
  tasks: FileTask[];
  /** The batch's line to the duplicate check; null without the check. */
  line: Line | null;
  progress: SharedArrayBuffer;
  abort: AbortController;
  /** Set by the watchdog: the file it stopped. */
  timedOut: number | null;
  result: Promise<BatchResult>;
}

/** The longest the event loop waits for a turn while the tasks are pulled (a long walk of empty folders). */
const TURN_MS = 20;

/** One turn of the event loop: signals, timers and workers' messages are heard. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The tasks, pulled one at a time, with the ones looked at ahead (to choose the workers) first.
 * A walk gives a TURN after each folder it lists: pulling through them, the queue lets the event
 * loop turn at least every TURN_MS, so a signal (Ctrl-C) is acted on while a long walk finds no
 * file, not after it. The turns cost one clock reading a folder, and nothing a file.
 */
class TaskQueue {
  private readonly source: Iterator<FileTask | typeof TURN>;
  private readonly ahead: FileTask[] = [];
  private aheadAt = 0;
  private turnedAt = performance.now();
  /** The source has no more tasks. */
  done = false;

  constructor(tasks: Iterable<FileTask | typeof TURN>) {
    this.source = tasks[Symbol.iterator]();
  }

  /** Bytes of the tasks looked at ahead. */
  private aheadBytes = 0;
  /** The next task's place in input order. */
  private seq = 0;

  /** The source's next task, null at its end, or TURN when the event loop is due a turn. */
  private pull(): FileTask | null | typeof TURN {
    for (;;) {
      const r = this.source.next();
      if (r.done) {
        this.done = true;
        return null;
      }
      if (r.value !== TURN) return r.value;
      if (performance.now() - this.turnedAt >= TURN_MS) return TURN;
    }
  }

  /** The event loop's turn, which `pull` said was due. */
  private async turn(): Promise<void> {
    await turn();
    this.turnedAt = performance.now();
  }

  /** Looks ahead until `files` tasks or `bytes` bytes are seen, or the source ends. */
  async lookAhead(files: number, bytes: number): Promise<{ files: number; bytes: number; all: boolean }> {
    while (this.ahead.length < files && this.aheadBytes < bytes && !this.done) {
      const t = this.pull();
      if (t === TURN) await this.turn();
      else if (t !== null) {
        this.ahead.push(t);
        this.aheadBytes += sizeOf(t);
      }
    }
    return { files: this.ahead.length, bytes: this.aheadBytes, all: this.done };
  }

  private next(): FileTask | null | typeof TURN {
    if (this.aheadAt < this.ahead.length) {
      const t = itemAt(this.ahead, this.aheadAt);
      this.ahead[this.aheadAt++] = undefined as unknown as FileTask; // let it go
      return t;
    }
    return this.done ? null : this.pull();
  }

  /** Up to `size` tasks; fewer only when the source has ended. */
  async take(size: number): Promise<FileTask[]> {
    const batch: FileTask[] = [];
    while (batch.length < size) {
      const t = this.next();
      if (t === TURN) await this.turn();
      else if (t === null) break;
      else batch.push({ ...t, seq: this.seq++ });
    }
    return batch;
  }
}

/** A batch's shared progress slots, before its first file. */
function newProgress(): SharedArrayBuffer {
  const progress = new SharedArrayBuffer(PROGRESS_BYTES);
  new Int32Array(progress, PROGRESS_FILE, 1)[0] = -1;
  return progress;
}

/** The file a batch's worker is on (-1: none yet). */
function fileOn(f: InFlight): number {
  return Atomics.load(new Int32Array(f.progress, PROGRESS_FILE, 1), 0);
}

type PiscinaClass = typeof import('piscina').Piscina;
type Pool = InstanceType<PiscinaClass>;

/**
 * A pool of `threads` workers, started at once. `listening`: its workers' event loops run when
 * they have no batch (piscina would block them): with the duplicate check, an idle worker still
 * takes the answers about the files its batches left held.
 */
function startPool(Piscina: PiscinaClass, threads: number, heapMb: number, listening: boolean): Pool {
  // A smaller young generation than V8's default keeps each worker's heap from creeping up over a
  // long run: the files are small, their objects short-lived.
  const pool = new Piscina({
    filename: workerFile(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    ...(listening ? { atomics: 'disabled' as const } : {}),
    resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: heapMb },
  });
  // A worker that cannot start (a broken install) is an 'error' event, which would end the process
  // unheard; its tasks are rejected too, and reported from there.
  pool.on('error', () => {});
  return pool;
}

/**
 * A batch's line to its worker, main side: the worker's questions go to the duplicate check, its
 * answers back; the outcomes of the files the worker held for an answer come on it after the batch
 * returned. A line the worker's end leaves (the worker ended) says null for what it still owed.
 */
class Line {
  private readonly came = new Map<number, FileOutcome>();
  private readonly waiting = new Map<number, (o: FileOutcome | null) => void>();
  private closed = false;
  /** Resolves once the batch has asked all it asks (or its worker ended). */
  readonly ended: Promise<void>;

  constructor(
    private readonly port: MessagePort,
    desk: DuplicateDesk,
    tasks: readonly FileTask[],
    answers: Int32Array,
  ) {
    const files = tasks.map((t) => ({ seq: t.seq ?? -1, path: t.path }));
    // The answers made in one turn of the event loop go in one message.
    let out: Answer[] = [];
    const send = () => {
      port.postMessage(out);
      out = [];
      Atomics.add(answers, 0, 1);
      Atomics.notify(answers, 0);
    };
    const answer = (a: Answer) => {
      if (out.length === 0) queueMicrotask(send);
      out.push(a);
    };
    let ended = () => {};
    this.ended = new Promise((resolve) => (ended = resolve));
    port.on('message', (m: Question[] | Rendered | Asked) => {
      if (Array.isArray(m)) {
        for (const q of m) desk.question(files, q, answer);
        return;
      }
      if ('asked' in m) return ended();
      const wait = this.waiting.get(m.at);
      this.waiting.delete(m.at);
      if (wait) wait(m.outcome);
      else this.came.set(m.at, m.outcome);
    });
    port.on('close', () => {
      ended();
      this.closed = true;
      for (const wait of this.waiting.values()) wait(null);
      this.waiting.clear();
    });
  }

  /** The outcome of file `at` held by the worker, once made; null if the worker ended first. */
  outcome(at: number): Promise<FileOutcome | null> {
    const came = this.came.get(at);
    if (came !== undefined) {
      this.came.delete(at);
      return Promise.resolve(came);
    }
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.set(at, resolve));
  }

  /** Leaves the line (the batch's worker was lost: what it asked is asked again). */
  close(): void {
    this.port.close();
  }
}

/**
 * Batches sent to the workers, watched, and settled into outcomes whatever happens to their
 * worker: a file stopped by the watchdog, a worker that ran out of memory or could not start.
 */
class Batches {
  /** Set when workers cannot start at all (a broken install): nothing more is sent. */
  private broken: string | null = null;
  private readonly watched = new Set<InFlight>();
  private readonly watchdog: ReturnType<typeof setInterval> | null;
  /** Batches sent and not yet settled, in input order. */
  readonly inFlight: InFlight[] = [];
  /** The pools, their threads, and the batches each has in flight. */
  private readonly pools: { pool: Pool; threads: number; busy: number }[] = [];

  constructor(
    private readonly options: PoolOptions,
    private readonly heapMb: number,
  ) {
    const timeout = options.fileTimeoutMs;
    this.watchdog = timeout > 0 ? setInterval(() => this.watch(), Math.max(10, Math.min(1000, timeout / 4))) : null;
    this.watchdog?.unref();
  }

  /** The watchdog: a file that has run longer than the limit is stopped (its worker is ended and replaced). */
  private watch(): void {
    const now = Date.now();
    for (const f of this.watched) {
      const k = fileOn(f);
      if (k < 0 || f.timedOut !== null) continue;
      if (now - itemAt(new Float64Array(f.progress, PROGRESS_SINCE, 1), 0) > this.options.fileTimeoutMs) {
        f.timedOut = k;
        f.abort.abort(new Error('file timeout'));
      }
    }
  }

  start(tasks: FileTask[]): InFlight {
    const progress = newProgress();
    const abort = new AbortController();
    if (this.broken !== null) {
      const result = Promise.reject(new Error(this.broken));
      result.catch(() => {});
      return { tasks, line: null, progress, abort, timedOut: null, result };
    }
    const message: Batch = {
      tasks,
      options: this.options.run,
      progress,
      outputBudget: this.options.outputBudget ?? OUTPUT_BUDGET,
    };
    const { desk } = this.options;
    let line: Line | null = null;
    let transferList: MessagePort[] = [];
    if (desk !== undefined) {
      const channel = new MessageChannel();
      line = new Line(channel.port1, desk, tasks, new Int32Array(progress, PROGRESS_ANSWERS, 1));
      message.desk = channel.port2;
      transferList = [channel.port2];
    }
    const to = this.leastBusy();
    to.busy++;
    const result = to.pool.run(message, { signal: abort.signal, transferList }) as Promise<BatchResult>;
    result.catch(() => {}); // handled when its turn comes
    const f: InFlight = { tasks, line, progress, abort, timedOut: null, result };
    this.watched.add(f);
    const unwatch = () => {
      to.busy--;
      this.watched.delete(f);
    };
    void result.then(unwatch, unwatch);
    return f;
  }

  /** Workers that take the batches (more than one pool when the run grows past its first look). */
  add(pool: Pool, threads: number): void {
    this.pools.push({ pool, threads, busy: 0 });
  }

  /** The pool with the fewest batches in flight per worker. */
  private leastBusy(): { pool: Pool; threads: number; busy: number } {
    let best = itemAt(this.pools, 0);
    for (const p of this.pools) if (p.busy / p.threads < best.busy / best.threads) best = p;
    return best;
  }

  get threads(): number {
    return this.pools.reduce((n, p) => n + p.threads, 0);
  }

  /** A batch's outcomes, in order, whatever happened to its worker. */
  async settle(f: InFlight): Promise<FileOutcome[]> {
    let result: BatchResult;
    try {
      result = await f.result;
    } catch (e) {
      f.line?.close();
      return this.lost(f, e);
    }
    const got = await this.held(f, result.outcomes);
    if (got.length === f.tasks.length) return got;
    // The output budget ran out, or a file read in pieces waits for its turn: the rest of the batch
    // again, ahead of everything else.
    return [...got, ...(await this.settle(this.start(f.tasks.slice(got.length))))];
  }

  /**
   * The outcomes of a batch, those its worker held for the duplicate check's answer included, as
   * they come on its line; held files its worker took with it when it ended are audited again.
   */
  private async held(f: InFlight, outcomes: (FileOutcome | null)[]): Promise<FileOutcome[]> {
    const { line } = f;
    if (line === null) {
      if (outcomes.includes(null)) throw new Error('internal error: a file held without the duplicate check');
      return outcomes as FileOutcome[];
    }
    const all: (FileOutcome | null)[] = await Promise.all(
      outcomes.map((o, k) => (o === null ? line.outcome(k) : Promise.resolve(o))),
    );
    // Every question the batch asked is heard before the files after it are given out.
    await line.ended;
    line.close();
    const again = all.flatMap((o, k) => (o === null ? [itemAt(f.tasks, k)] : []));
    if (again.length === 0) return all as FileOutcome[];
    const redone = await this.settle(this.start(again));
    return all.map((o) => o ?? (redone.shift() as FileOutcome));
  }

  /** A batch whose worker was lost: the file it was on reported, the others sent again. */
  private async lost(f: InFlight, e: unknown): Promise<FileOutcome[]> {
    const run = this.options.run;
    const k = f.timedOut ?? fileOn(f);
    if (k < 0) {
      // The worker was lost before it began a file: workers cannot start here (a broken install;
      // piscina would queue what follows for a worker that never comes). Give up on them.
      if (this.broken === null) {
        this.broken = e instanceof Error ? e.message : String(e);
        for (const other of this.inFlight) other.abort.abort(new Error(this.broken));
      }
      const what = this.broken;
      return f.tasks.map((t) => this.gone(t, internalError(t.path, `a worker could not start: ${what}`, run)));
    }
    const task = itemAt(f.tasks, k);
    const { path } = task;
    let outcome: FileOutcome;
    if (f.timedOut !== null) {
      const limit = seconds(this.options.fileTimeoutMs);
      const why = `auditing this file took longer than the ${limit} limit (--file-timeout); it was stopped and not audited`;
      outcome = failure(path, 'timeout', why, run);
    } else if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      const why = `auditing this file needed more than the ${this.heapMb} MB a worker may take (it follows --max-file-size); it was not audited`;
      outcome = failure(path, 'memory-limit', why, run);
    } else {
      outcome = internalError(path, `the worker stopped: ${e instanceof Error ? e.message : String(e)}`, run);
    }
    // Met as it stands before the files after it ask (they wait for it).
    this.gone(task, outcome);
    // The files before it were audited, but their outcomes went with the worker: again.
    const before = k > 0 ? await this.settle(this.start(f.tasks.slice(0, k))) : [];
    const after = k + 1 < f.tasks.length ? await this.settle(this.start(f.tasks.slice(k + 1))) : [];
    return [...before, outcome, ...after];
  }

  /** An outcome the main thread made for `task`: the duplicate check meets its file as it stands. */
  private gone(task: FileTask, outcome: FileOutcome): FileOutcome {
    if (task.seq !== undefined) this.options.desk?.gone(task.seq);
    return outcome;
  }

  async close(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    for (const f of this.inFlight) f.abort.abort(new Error('run ended'));
    await Promise.all(this.pools.map((p) => p.pool.destroy()));
  }
}

/**
 * Audits the tasks as they come (discovery streams them: an archive's file list is never held
 * whole) and calls `onOutcome` in their order.
 */
export async function runTasks(tasks: Iterable<FileTask | typeof TURN>, options: PoolOptions): Promise<void> {
  const queue = new TaskQueue(tasks);
  // A run with nothing to read does not pay for loading piscina.
  if ((await queue.lookAhead(1, Infinity)).files === 0) return;
  // Required, not imported: the command runs as a CommonJS bundle through V8's code cache
  // (cache/code-cache.ts), where a dynamic import has no loader.
  const { Piscina } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  const heapMb = workerHeapMb(options.run.maxFileSize);
  const batches = new Batches(options, heapMb);
  // The first worker starts now: it loads while the run is looked at ahead.
  const listening = options.desk !== undefined;
  batches.add(startPool(Piscina, 1, heapMb, listening), 1);
  const { inFlight } = batches;
  const drained = options.outputDrained ?? (() => null);
  try {
    if (options.jobs > 1) {
      // Look ahead until the run is known to be long enough for more workers, or has ended.
      const threshold = poolFrom();
      const more = workersFor(options.jobs, await queue.lookAhead(threshold.files, threshold.bytes), threshold) - 1;
      if (more > 0) batches.add(startPool(Piscina, more, heapMb, listening), more);
    }
    const jobs = batches.threads;
    const window = jobs * 3;
    let sent = 0;
    let last = false;
    while (!last || inFlight.length > 0) {
      while (!last && inFlight.length < window) {
        const size = nextBatchSize(sent++, jobs);
        const batch = await queue.take(size);
        if (batch.length < size) last = true;
        if (batch.length === 0) break;
        inFlight.push(batches.start(batch));
      }
      const head = inFlight.shift();
      if (!head) break;
      const outcomes = await batches.settle(head);
      for (let k = 0; k < outcomes.length; k++) {
        const copied = options.onOutcome(itemAt(outcomes, k));
        if (copied) await copied;
        const { seq } = itemAt(head.tasks, k);
        if (seq !== undefined) options.desk?.written(seq);
        const wait = drained();
        if (wait) await wait;
      }
    }
  } finally {
    await batches.close();
  }
}
