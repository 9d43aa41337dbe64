// The pool: outcomes in input order whatever order the workers finish in, the same reports
// with one worker as with two, and a file that kills its worker reported alone as an internal error.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runTasks, workersFor } from '../../src/batch/pool.js';
import { workerFile } from '../../src/batch/pool-setup.js';
import type { FileOutcome, FileTask } from '../../src/batch/task.js';
import { FAULT_WORKER, FIXTURES, faultOn, poolOnFewFiles, taskOutcome, tempDir } from '../helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });

const run = { audit: {}, maxFileSize: 1 << 20, render: { formats: ['ndjson' as const], showInfo: false } };

function fixtureTasks(): FileTask[] {
  const dir = join(FIXTURES, 'scoring');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mat'))
    .sort()
    .map((f) => ({ path: join(dir, f), sniff: false }));
}

async function outcomes(tasks: FileTask[], jobs: number): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  await runTasks(tasks, { jobs, run, fileTimeoutMs: 60_000, onOutcome: (o) => void out.push(o) });
  return out;
}

describe('the worker pool', () => {
  poolOnFewFiles();

  // piscina require()s its worker file. Node's require() of an ES module goes through a module
  // facade whose creation aborts the whole process when the worker is terminated at that moment
  // (as a run that ends while its workers still load does, about once in a thousand such ends).
  it.each([
    ['the worker the pool starts', workerFile()],
    ["the tests' fault worker", FAULT_WORKER],
  ])('%s is CommonJS, never an ES module loaded by require()', (_name, file) => {
    expect(file).toMatch(/\.cjs$/);
    const loaded = execFileSync(
      process.execPath,
      [
        '-e',
        'const m = require(process.argv[1]); console.log(Object.prototype.toString.call(m), typeof (m.default ?? m))',
        file,
      ],
      { encoding: 'utf8' },
    );
    const [kind, handler] = loaded.trim().split(' ', 3).slice(1);
    expect(kind).not.toBe('Module]');
    expect(handler).toBe('function');
  });

  // The fault worker, CommonJS, cannot import batch.ts: it repeats the layout, checked here.
  it('gives the same reports with two workers as with one, in input order', async () => {
    const tasks = [...fixtureTasks(), ...fixtureTasks(), ...fixtureTasks()];
    const oneWorker = await outcomes(tasks, 1);
    const pooled = await outcomes(tasks, 2);
    expect(pooled.map((o) => o.path)).toEqual(tasks.map((t) => t.path));
    expect(pooled).toEqual(oneWorker);
  });

  it('reports a file that kills its worker as an internal error, and audits the others', async () => {
    faultOn('crash', 'gammon-on-drop');
    const tasks = fixtureTasks();
    const pooled = await outcomes(tasks, 2);
    expect(pooled.map((o) => o.path)).toEqual(tasks.map((t) => t.path));
    const crashed = pooled.filter((o) => !o.skipped && o.rendered.counts.byCode['internal-error'] === 1);
    expect(crashed.map((o) => o.path.split('/').pop())).toEqual(['gammon-on-drop.mat']);
    const others = pooled.filter((o) => !o.path.includes('gammon-on-drop'));
    expect(others.every((o) => !o.skipped && o.rendered.counts.matches === 1)).toBe(true);
  });

  it.each([1, 2])('--jobs %i: waits while the output cannot take more (a pipe to a slow reader)', async (jobs) => {
    const tasks = [...fixtureTasks(), ...fixtureTasks()];
    let done = 0;
    let release: (() => void) | null = null;
    let waits = 0;
    const run$ = runTasks(tasks, {
      jobs,
      run,
      fileTimeoutMs: 60_000,
      onOutcome: () => void done++,
      // The output is full after the third file, until it is released.
      outputDrained: () => (done === 3 && waits++ === 0 ? new Promise<void>((r) => (release = r)) : null),
    });
    // However long the workers take to start, once the output is full nothing more comes out.
    await vi.waitFor(() => expect(release).not.toBeNull(), { timeout: 20_000, interval: 10 });
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(3);
    release!();
    await run$;
    expect(done).toBe(tasks.length);
  });

  it('skips files found by content sniffing that are not matches', async () => {
    const dir = tempDir('bgaudit-pool-');
    writeFileSync(join(dir, 'notes.txt'), 'shopping list\n');
    writeFileSync(join(dir, 'match.txt'), ' 1 point match\n\n Game 1\n A : 0       B : 0\n');
    const out = await outcomes(
      ['notes.txt', 'match.txt'].map((f) => ({ path: join(dir, f), sniff: true })),
      2,
    );
    expect(out.map((o) => o.skipped)).toEqual(['not-a-match', false]);
  });
});

describe('what crosses from the workers', () => {
  poolOnFewFiles();

  it('is what the audit made in process: every format, content keys, names of any characters', async () => {
    const dir = tempDir('bgaudit-json-');
    // A quote, a backslash, a line separator, an emoji, a control character and a non-BMP letter.
    const name = 'Quo"te \\ back\u2028sep 🎲 \u0001 𝔸';
    writeFileSync(join(dir, 'odd.mat'), ` 1 point match\n\n Game 1\n ${name} : 0       B : 0\n  1) 31: 8/5 6/5\n`);
    const formats = ['ndjson', 'text', 'csv', 'csv-match', 'html'] as const;
    const every = {
      audit: { contentKey: true },
      maxFileSize: 1 << 20,
      render: { formats: [...formats], showInfo: true },
    };
    const tasks = [...fixtureTasks(), { path: join(dir, 'odd.mat'), sniff: false }];
    const out: FileOutcome[] = [];
    await runTasks(tasks, { jobs: 2, run: every, fileTimeoutMs: 60_000, onOutcome: (o) => void out.push(o) });
    // In process without the duplicate check: no file of these repeats another.
    const alone = { ...every, audit: {} };
    const inProcess = await Promise.all(tasks.map((t) => taskOutcome(t, alone)));
    expect(out).toEqual(inProcess);
    const odd = out[out.length - 1];
    const ndjson = odd.skipped ? '' : (odd.rendered.out.ndjson ?? '');
    expect((JSON.parse(ndjson.split('\n')[0]) as { players: string[] }).players[0]).toBe(name);
  });
});

describe('what the pool holds is bounded in bytes', () => {
  poolOnFewFiles();

  it.each([1, 2])(
    '--jobs %i: a worker returns a batch once its output passes the budget; the rest is sent again, in order',
    async (jobs) => {
      const tasks = [...fixtureTasks(), ...fixtureTasks(), ...fixtureTasks(), ...fixtureTasks()];
      const whole = await outcomes(tasks, jobs);
      const out: FileOutcome[] = [];
      // Every report is longer than one character: each batch comes back after its first file.
      await runTasks(tasks, { jobs, run, fileTimeoutMs: 60_000, outputBudget: 1, onOutcome: (o) => void out.push(o) });
      expect(out.map((o) => o.path)).toEqual(tasks.map((t) => t.path));
      expect(out).toEqual(whole);
    },
  );
});

describe('a worker that cannot start (a broken install)', () => {
  it('every file is reported as an internal error, and the run ends', async () => {
    const dir = tempDir('bgaudit-badworker-');
    const bad = join(dir, 'worker.mjs');
    writeFileSync(bad, "import { nothing } from 'node:fs';\nexport default function () {}\n");
    vi.mocked(workerFile).mockReturnValue(bad);
    try {
      const tasks = fixtureTasks().slice(0, 3);
      const out = await outcomes(tasks, 1);
      expect(out.map((o) => o.path)).toEqual(tasks.map((t) => t.path));
      for (const o of out) {
        expect(o.skipped).toBe(false);
        if (!o.skipped) expect(o.rendered.counts.byCode['internal-error']).toBe(1);
      }
      expect(out[0].skipped === false && out[0].rendered.out.ndjson).toContain('a worker could not start');
    } finally {
      vi.mocked(workerFile).mockReset();
    }
  });
});

describe('how many workers a run gets', () => {
  it.each([
    [{ files: 1381, bytes: 4.9e6, all: true }, 1],
    [{ files: 3999, bytes: 15e6, all: true }, 1],
    [{ files: 4000, bytes: 1e6, all: false }, 2],
    [{ files: 50, bytes: 17 * 1024 * 1024, all: false }, 2],
    [{ files: 50, bytes: 1e6, all: false }, 2],
  ])('%j with 2 asked: %i (one worker is faster below 4,000 files and 16 MB)', (seen, expected) => {
    expect(workersFor(2, seen, { files: 4000, bytes: 16 * 1024 * 1024 })).toBe(expected);
  });
});
