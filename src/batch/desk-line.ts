// The duplicate check's worker side: a batch's line to the main thread's desk (duplicate-desk.ts).
// While the batch runs, answers are taken off the port directly (`receiveMessageOnPort`), between
// two files; a file read in pieces blocks the thread until its answer comes (the main thread
// answers such a file at once: it asks only in its turn). Once the batch has returned, the event
// loop delivers the answers about the files it left held (`listen`), and the outcomes go back on
// the same line. Questions go in bundles (a message costs more than a file's keys), sent before
// anything waits on them.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Answer, Asked, Question, Rendered } from './batch.js';

/** Questions sent together, at most. */
const BUNDLE = 16;

export class DeskLine {
  /** Answers come and not yet taken. */
  private readonly came: Answer[] = [];
  /** Questions not yet sent. */
  private asked: Question[] = [];
  /** Answer messages taken: while it is the count the main thread sent, none waits (no need to look). */
  private taken = 0;

  constructor(
    private readonly port: MessagePort,
    /** How many answers the main thread has sent (it wakes a blocked thread on it). */
    private readonly answers: Int32Array,
  ) {}

  ask(q: Question): void {
    this.asked.push(q);
    if (this.asked.length >= BUNDLE) this.flush();
  }

  /** Sends the questions asked so far. */
  private flush(): void {
    if (this.asked.length === 0) return;
    this.port.postMessage(this.asked);
    this.asked = [];
  }

  /** Sends what is asked, and says that nothing more will be. */
  done(): void {
    this.flush();
    const last: Asked = { asked: true };
    this.port.postMessage(last);
  }

  /** A held file's outcome, made once its answer came. */
  send(r: Rendered): void {
    this.port.postMessage(r);
  }

  /** An answer already here, or null. */
  poll(): Answer | null {
    if (this.came.length === 0) this.receive();
    return this.came.shift() ?? null;
  }

  /** Takes an answer message off the port, if one was sent and not yet taken: whether one was. */
  private receive(): boolean {
    if (Atomics.load(this.answers, 0) === this.taken) return false;
    const m = receiveMessageOnPort(this.port);
    if (m === undefined) return false;
    this.taken++;
    for (const a of m.message as Answer[]) this.came.push(a);
    return true;
  }

  /** Whether an answer is here, the thread blocked until one comes or `ms` milliseconds have passed. */
  wait(ms: number): boolean {
    this.flush();
    const until = performance.now() + ms;
    for (;;) {
      if (this.came.length > 0) return true;
      const seen = Atomics.load(this.answers, 0);
      if (this.receive()) continue;
      const left = until - performance.now();
      if (left <= 0) return false;
      // Sleeps until the next answer is counted; one counted and not yet readable is looked for
      // again soon.
      Atomics.wait(this.answers, 0, seen, seen === this.taken ? left : Math.min(left, 1));
    }
  }

  /** The next answer, the thread blocked until it comes or `ms` milliseconds have passed (then null). */
  waitSync(ms: number): Answer | null {
    return this.wait(ms) ? this.poll() : null;
  }

  /** From now on, each answer the event loop delivers is kept for `poll`, and `heard` is told. */
  listen(heard: () => void): void {
    this.flush();
    this.port.on('message', (answers: Answer[]) => {
      this.taken++;
      for (const a of answers) this.came.push(a);
      heard();
    });
  }

  close(): void {
    this.flush();
    this.port.close();
  }
}
