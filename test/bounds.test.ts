// Time and memory a file costs grow linearly with its size, whatever it holds.
//
// Time: the paths that were quadratic, at several times the size of the files that showed them
// (100,000 `Game N` lines without a score line took 46 s, 40,000 SGF games with a bad move each
// 18 s, 40,000 junk lines each before a `1 point match` 3 s): read at four times that size and
// audited at twice (junk lines at five times), where a quadratic path would take 16, 4 and 25
// times as long, past the limit of each check. Memory: ~1 MB of each shape that exhausted the
// heap at 2 MB, audited and rendered (text, JSON, CSV) in a worker whose old generation is
// limited to the stated bytes per byte of input: a worker past its limit dies with
// ERR_WORKER_OUT_OF_MEMORY and the test fails.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../src/read/file.js';
import { importRecord } from '../src/import/index.js';
import { renderFile } from '../src/report/render.js';
import { ROOT } from './helpers.js';

const encode = (text: string) => new TextEncoder().encode(text);
const repeat = (n: number, item: (k: number) => string) => Array.from({ length: n }, (_, k) => item(k)).join('');

/**
 * The CPU time `f` takes, this process's: unlike the time on the clock, it does not grow with what
 * else the machine runs (other test files, other users), and a quadratic path still multiplies it.
 */
function timed<T>(f: () => T): { value: T; seconds: number } {
  const t0 = process.cpuUsage();
  const value = f();
  const { user, system } = process.cpuUsage(t0);
  return { value, seconds: (user + system) / 1e6 };
}

describe('no quadratic path', () => {
  // Each game is audited and reported whatever it holds (~30 µs and ~2 KB a game), so the
  // whole audit runs at twice the issue's size, the reading at four times.
  it.each([
    {
      what: '400,000 `Game N` lines without a score line',
      read: 400_000,
      audit: 200_000,
      file: (n: number) => encode(` 1 point match\n${repeat(n, (k) => `Game ${k + 1}\n`)}`),
      name: 'a.mat',
    },
    {
      what: '160,000 SGF games with a bad move each',
      read: 160_000,
      audit: 80_000,
      file: (n: number) => encode(repeat(n, () => '(;GM[6];W[xx])\n')),
      name: 'a.sgf',
    },
  ])(
    '$what: read in seconds; half of them audited in seconds',
    { timeout: 180_000 },
    ({ read: readCount, audit: auditCount, file, name }) => {
      const read = timed(() => importRecord(file(readCount), name));
      expect(read.value.matches[0].games).toHaveLength(readCount);
      expect(read.value.errors).toHaveLength(101);
      expect(read.seconds).toBeLessThan(30);
      const audit = timed(() => auditFile(file(auditCount), name));
      expect(audit.value[0].games).toHaveLength(auditCount);
      expect(audit.seconds).toBeLessThan(30);
    },
  );

  it('200,000 junk lines each before a `1 point match`: audited in seconds', { timeout: 180_000 }, () => {
    const audit = timed(() => auditFile(encode('x\n1 point match\n'.repeat(200_000)), 'a.mat'));
    expect(audit.value).toHaveLength(200_000);
    expect(audit.value.flatMap((r) => r.findings).filter((f) => f.code === 'parse-error')).toHaveLength(101);
    expect(audit.seconds).toBeLessThan(30);
  });
});

describe('no input is too much for the audit', () => {
  it(
    'a game of 250,000 rolls that break the rules: every finding made, none lost to the call stack',
    { timeout: 180_000 },
    () => {
      const rolls = ' 1) 11: 11: 11: 11: 11: 11: 11: 11: 11: 11:\n'.repeat(25_000);
      const audit = timed(() => auditFile(encode(` 7 point match\n Game 1\n a : 0     b : 0\n${rolls}`), 'a.mat'));
      expect(audit.value[0].games[0].findings.length).toBeGreaterThan(250_000);
      expect(audit.seconds).toBeLessThan(30);
    },
  );

  it('a name of 200,000 characters and 20,000 findings that name the player: messages quote the name shortened', () => {
    const name = 'N'.repeat(200_000);
    const reports = auditFile(
      encode(` 7 point match\n Game 1\n ${name} : 0     b : 0\n${' 1) 11:\n'.repeat(20_000)}`),
      'a.mat',
    );
    expect(reports[0].players![0]).toBe(name);
    const named = reports[0].findings.filter((f) => f.message.includes('N… (200,000 characters)'));
    expect(named.length).toBeGreaterThan(10_000);
    const out = renderFile(reports, { formats: ['text', 'json'], showInfo: true }).out;
    expect(out.text!.length + out.json!.length).toBeLessThan(20_000_000); // whole, the name made them 4 GB
  });
});

/** About `size` bytes: `head`, then `unit` (or `unit(k)`) repeated, then `tail`. */
function shape(size: number, head: string, unit: string | ((k: number) => string), tail = ''): string {
  const parts = [head];
  let length = head.length + tail.length;
  for (let k = 0; length < size; k++) {
    const u = typeof unit === 'string' ? unit : unit(k);
    parts.push(u);
    length += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

const SIZE = 1_000_000;
const GAME = ' 7 point match\n Game 1\n a : 0     b : 0\n';
/** Heap (old generation) per byte of input for junk, and for files of empty games (each a full report). */
const PER_BYTE = 100;
const PER_BYTE_GAMES = 150;
/** What a worker holds before it reads anything: the code, the readers, papaparse. */
const MARGIN_MB = 32;

const SHAPES: [string, string, number][] = [
  ['`x` lines', shape(SIZE, '', 'x\n'), PER_BYTE],
  ['500,000 unreadable lines in a game', shape(SIZE, GAME, 'x\n'), PER_BYTE],
  ['`1 point match` lines', shape(SIZE, '', '1 point match\n'), PER_BYTE],
  ['comment lines in a game', shape(SIZE, GAME, ';\n'), PER_BYTE],
  ['SGF `;1` nodes', shape(SIZE, '(', ';1'), PER_BYTE],
  ['SGF empty nodes', shape(SIZE, '(', ';', ')'), PER_BYTE],
  [
    'empty `Game N` and score-line pairs',
    shape(SIZE, ' 7 point match\n', (k) => `Game ${k + 1}\n a : 0     b : 0\n`),
    PER_BYTE_GAMES,
  ],
];

/** The compiled readers: the worker runs plain JavaScript (`npm test` builds first). */
const DIST = join(ROOT, 'dist', 'src');

const AUDIT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { auditFile } = await import(workerData.check);
  const { renderFile } = await import(workerData.render);
  const reports = auditFile(workerData.bytes, 'shape');
  const out = renderFile(reports, { formats: ['text', 'json', 'csv'], showInfo: true }).out;
  parentPort.postMessage({ reports: reports.length, output: out.text.length + out.json.length + out.csv.length });
})();`;

function auditInWorker(text: string, limitMb: number): Promise<{ reports: number; output: number }> {
  const bytes = encode(text);
  return new Promise((resolve, reject) => {
    const worker = new Worker(AUDIT, {
      eval: true,
      workerData: {
        bytes,
        check: pathToFileURL(join(DIST, 'read', 'file.js')).href,
        render: pathToFileURL(join(DIST, 'report', 'render.js')).href,
      },
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limitMb },
    });
    let result: { reports: number; output: number } | null = null;
    worker.on('message', (m: { reports: number; output: number }) => (result = m));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the worker exited with code ${code} and no result`)),
    );
  });
}

describe('memory per byte of input is bounded', () => {
  it('the compiled readers are there (npm test builds them)', () => {
    expect(existsSync(join(DIST, 'read', 'file.js'))).toBe(true);
  });

  it.each(SHAPES)('%s: audited and rendered within the bound', async (_, text, perByte) => {
    const limitMb = Math.ceil((perByte * text.length) / 2 ** 20) + MARGIN_MB;
    const result = await auditInWorker(text, limitMb);
    expect(result.reports).toBeGreaterThan(0);
    expect(result.output).toBeGreaterThan(0);
  });
});
