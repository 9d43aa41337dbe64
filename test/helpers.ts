// Paths and readers shared by the tests.
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { run } from '../src/cli.js';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, onTestFinished, vi, type Mock } from 'vitest';
import { poolFrom, workerFile } from '../src/batch/pool-setup.js';
import type { AuditedMatch, MatchReport } from '../src/core/model.js';
import { removeTree } from './remove-tree.js';
import { runTask, type FileOutcome } from '../src/batch/task.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = join(ROOT, 'fixtures');
/** Real match files, carried by the repository with their provenance and licences. */
export const CORPUS = join(ROOT, 'corpus');

export function fixture(...parts: string[]): Uint8Array {
  return readFileSync(join(FIXTURES, ...parts));
}

export function fixtureText(...parts: string[]): string {
  return readFileSync(join(FIXTURES, ...parts), 'utf8');
}

/** What a command line run in this process wrote: `stdoutBytes` is stdout as written, `stdout` as UTF-8. */
interface Ran {
  code: number;
  stdout: string;
  stdoutBytes: Buffer;
  stderr: string;
}

/** Runs the command line in this process, collecting what it writes. */
export async function cli(...argv: string[]): Promise<Ran> {
  return cliWith({}, ...argv);
}

/** The same, with a stderr that says it is a terminal when `tty` is set. */
export async function cliWith(
  io: { tty?: boolean; stdin?: Uint8Array; onStdout?: (all: string) => void },
  ...argv: string[]
): Promise<Ran> {
  let stdout = '';
  const written: Buffer[] = [];
  let stderr = '';
  const code = await run(argv, {
    stdout: (s) => {
      stdout += s;
      written.push(Buffer.from(s, 'utf8'));
      io.onStdout?.(stdout);
    },
    stdoutBytes: (b) => {
      stdout += Buffer.from(b).toString('utf8');
      written.push(Buffer.from(b));
      io.onStdout?.(stdout);
    },
    stderr: (s) => void (stderr += s),
    stderrIsTTY: io.tty === true,
    readStdin: async (limit) =>
      io.stdin === undefined ? new Uint8Array(0) : io.stdin.length > limit ? null : io.stdin,
  });
  return { code, stdout, stdoutBytes: Buffer.concat(written), stderr };
}

/** The folders `tempDir` made outside a test, removed once the file's tests are done. */
const madeOutsideTests: string[] = [];
afterAll(() => {
  for (const dir of madeOutsideTests.splice(0)) removeTree(dir);
});

/**
 * A new empty folder in the system's temporary folder, removed with all it holds when the test
 * that made it ends, passed or failed (made outside a test, at the top of a file, in a describe
 * body or a `beforeAll`: once the file's tests are done). Nothing a test run makes is left in the
 * user's temporary folder.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    onTestFinished(() => removeTree(dir));
  } catch {
    // Not inside a test: onTestFinished has no test to attach to.
    madeOutsideTests.push(dir);
  }
  return dir;
}

/** The test-only pool worker that fails on the files `faultOn` names (test/batch/fault-worker.cjs). */
export const FAULT_WORKER = join(ROOT, 'test', 'batch', 'fault-worker.cjs');

/**
 * One of the pool's set-up choices (src/batch/pool-setup.ts), as a mock: the test files that use
 * `faultOn` or `poolOnFewFiles` replace that module with spies, which do as the module does until
 * told otherwise:
 *
 *     vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });
 */
function spied<T extends (...args: never[]) => unknown>(choice: T): Mock<T> {
  if (!vi.isMockFunction(choice))
    throw new Error("this test file must vi.mock(import('…/src/batch/pool-setup.js'), { spy: true })");
  return choice as Mock<T>;
}

/**
 * The pool's workers, from now on, are the test-only one that makes its worker die on the files
 * whose path contains `name` ('crash'), never ends them ('hang') or takes all the memory it can
 * on them ('hog'). `poolOnFewFiles` undoes it after each test.
 */
export function faultOn(fault: 'crash' | 'hang' | 'hog', name: string): void {
  spied(workerFile).mockReturnValue(FAULT_WORKER);
  process.env[`BGAUDIT_TEST_${fault.toUpperCase()}_ON`] = name;
}

/** Back to the real worker, with no faults. */
function noFaults(): void {
  spied(workerFile).mockReset();
  delete process.env.BGAUDIT_TEST_CRASH_ON;
  delete process.env.BGAUDIT_TEST_HANG_ON;
  delete process.env.BGAUDIT_TEST_HOG_ON;
}

/**
 * For a describe block: the pool starts more than one worker only on a large run, these tests
 * need several on a few files; and the faults `faultOn` makes are cleared after each test.
 */
export function poolOnFewFiles(): void {
  beforeAll(() => {
    spied(poolFrom).mockReturnValue({ files: 1, bytes: Infinity });
  });
  afterAll(() => {
    spied(poolFrom).mockReset();
  });
  afterEach(noFaults);
}

/**
 * The match reports of `verify --format ndjson` or `json` output, without the run record that
 * comes first (`{"bgaudit": …}`).
 */
export function reportsIn(stdout: string): MatchReport[] {
  const text = stdout.trim();
  if (text === '') return [];
  const records = (text.startsWith('[') ? JSON.parse(text) : text.split('\n').map((l) => JSON.parse(l))) as (
    MatchReport | { bgaudit: unknown }
  )[];
  return records.filter((r): r is MatchReport => !('bgaudit' in r));
}

/** Every file under a folder, walked in sorted order. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    // The licence texts beside the corpus are not match files.
    if (name === 'licenses') continue;
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** A report that must be of an audited match (not of an unreadable file), as that. */
export function audited(r: MatchReport | undefined): AuditedMatch {
  if (r === undefined || r.match === null) throw new Error(`not an audited match: ${JSON.stringify(r?.findings)}`);
  return r;
}

/** A one-game .mat match of player `a` with `bad` unreadable lines in its game's body. */
export function gameWithBadLines(a: string, bad: number): string {
  return ` 3 point match\n\n Game 1\n ${a} : 0                Bob : 0\n${'zz\n'.repeat(bad)}  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
}

/**
 * Unreadable lines placed around a file's matches, past and short of the number a file lists:
 * [in Ann's game, in Cy's, before each match and after the last].
 */
export const BAD_LINE_SHAPES: readonly (readonly [number, number, number])[] = [
  [60, 60, 0],
  [99, 0, 5],
  [100, 0, 5],
  [0, 150, 3],
  [0, 0, 60],
  [40, 0, 40],
  [0, 0, 34],
];

/** A file's outcome as a worker's runTask makes it without the duplicate check (nothing is held). */
export async function taskOutcome(...args: Parameters<typeof runTask>): Promise<FileOutcome> {
  const o = await runTask(...args);
  if (typeof o === 'symbol' || 'finish' in o) throw new Error('a file held or sent back without the duplicate check');
  return o;
}
