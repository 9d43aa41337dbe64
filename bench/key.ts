// `npm run build && node dist/bench/key.js [-- --files N] [-- --rounds R]`: what the duplicate
// check's content key costs the audit itself, in one process and one thread, where nothing else
// of the check (the questions to the main thread, their answers, the held files) is measured:
// `runTask` over N distinct `.mat` files (3,000; built as `bench:batch` builds them), with the key
// asked for and without, in alternating passes (R rounds, 16; which runs first alternates), the
// first two rounds left out as warm-up. Prints the median pass of each and the median of the
// rounds' ratios with their range: the machine's noise moves both passes of a round alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTask } from '../src/batch/task.js';
import type { RunOptions } from '../src/batch/outcome.js';
import { KeyBuffer } from '../src/scoring/match-key.js';
import { corpusFiles, median, writeArchive } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const count = Number(arg('--files') ?? 3000);
const rounds = Number(arg('--rounds') ?? 16);
const WARM_UP = 2;

const options = (key: boolean): RunOptions => ({
  audit: { contentKey: key },
  maxFileSize: 1 << 24,
  render: { formats: ['text'], showInfo: false },
});

/** One pass over every file, the key on or off: milliseconds. */
function pass(paths: string[], key: boolean): number {
  const o = options(key);
  const keys = key ? new KeyBuffer() : undefined;
  const start = performance.now();
  for (const path of paths) runTask({ path, sniff: false }, o, keys);
  return performance.now() - start;
}

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-key-'));
try {
  const { paths } = writeArchive(join(dir, 'archive'), count, corpusFiles());
  const on: number[] = [];
  const off: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const key of r % 2 === 0 ? [false, true] : [true, false]) (key ? on : off).push(pass(paths, key));
  }
  const ratios = on.map((t, k) => t / (off[k] ?? t)).slice(WARM_UP);
  const ms = (xs: number[]) => median(xs.slice(WARM_UP)).toFixed(0);
  console.log(`${count} files, ${rounds} rounds (the first ${WARM_UP} left out), one thread`);
  console.log(`  key on: ${ms(on)} ms a pass; off: ${ms(off)} ms`);
  console.log(
    `  on / off: ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
