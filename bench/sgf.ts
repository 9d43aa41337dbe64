// `npm run bench`, SGF part: how fast the SGF reader is on the shared corpus, beside GNU
// Backgammon's own `load match` of the same files (timed inside gnubg, so its start-up is left
// out). Per file: the median of the runs; totals are sums of those medians. Figures, not
// assertions: the machines are shared and noisy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSgf } from '../grammars/sgf.js';
import { auditFile } from '../src/read/file.js';
import { decode } from '../src/read/decode.js';
import { importRecord } from '../src/import/index.js';
import { importSgf } from '../src/import/sgf.js';
import { CORPUS, type CorpusFile, corpusFiles, timeIt } from './corpus.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const GNUBG = process.env.GNUBG ?? '/usr/games/gnubg';

const files = corpusFiles(['sgf', 'gnubg-generated', 'gnubg-generated/extras'], '.sgf');
const texts = files.map((f) => {
  const d = decode(f.bytes);
  return d.ok ? d.text : '';
});
/** Files that carry gnubg's analysis (`A[]` move lists, `DA[]` cube analysis): most of the bytes. */
const analysed = new Set(files.filter((_, k) => /\]D?A\[/.test(itemAt(texts, k))).map((f) => f.name));

/** Median ms of a pass over all files and over the analysed ones: the passes include their garbage collection. */
function passes(fn: (k: number) => void): { all: number; analysed: number } {
  const all = files.map((_, k) => k);
  const some = all.filter((k) => analysed.has(itemAt(files, k).name));
  return { all: timeIt(RUNS, () => all.forEach(fn)), analysed: timeIt(RUNS, () => some.forEach(fn)) };
}

const GNUBG_SCRIPT = `
import gnubg, json, os, sys, time
files = json.load(open(os.environ['BENCH_FILES']))
runs = int(os.environ['BENCH_RUNS'])
out = {}
for f in files:
    gnubg.command('load match "%s"' % f)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        gnubg.command('load match "%s"' % f)
        times.append((time.perf_counter() - t0) * 1000.0)
    times.sort()
    out[f] = times[len(times) // 2]
sys.stdout.write('BENCH-JSON ' + json.dumps(out) + '\\n')
`;
import { itemAt } from '../src/core/at.js';

/** gnubg's median `load match` time per file, or null when gnubg is not installed or fails. */
function gnubgLoad(list: CorpusFile[]): number[] | null {
  if (!existsSync(GNUBG)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-'));
  try {
    const paths = list.map((f) => join(CORPUS, f.name));
    writeFileSync(join(dir, 'load.py'), GNUBG_SCRIPT);
    writeFileSync(join(dir, 'files.json'), JSON.stringify(paths));
    const env = { ...process.env, HOME: dir, BENCH_FILES: join(dir, 'files.json'), BENCH_RUNS: String(RUNS) };
    const run = spawnSync(GNUBG, ['-t', '-q', '-r', '-p', join(dir, 'load.py')], {
      env,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const line = run.stdout?.split('\n').find((l) => l.startsWith('BENCH-JSON '));
    if (!line) return null;
    const times = JSON.parse(line.slice('BENCH-JSON '.length)) as Record<string, number>;
    return paths.map((p) => times[p] ?? NaN);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (xs: number[], keep: (k: number) => boolean = () => true) =>
  xs.reduce((n, x, k) => (keep(k) ? n + x : n), 0);
const isAnalysed = (k: number) => analysed.has(itemAt(files, k).name);
const mb = sum(files.map((f) => f.bytes.length)) / 1e6;

// Warm the JIT on every stage first: the first stage measured would otherwise pay for it.
for (let r = 0; r < 3; r++) files.forEach((f) => auditFile(f.bytes, f.name));
const stages: [string, { all: number; analysed: number }][] = [
  ['decode (bytes → text)', passes((k) => decode(itemAt(files, k).bytes))],
  ['grammar (text → tree)', passes((k) => parseSgf(itemAt(texts, k)))],
  ['reader (text → records)', passes((k) => importSgf(itemAt(texts, k), itemAt(files, k).name))],
  ['import (bytes → records)', passes((k) => importRecord(itemAt(files, k).bytes, itemAt(files, k).name))],
  ['full audit (bytes → reports)', passes((k) => auditFile(itemAt(files, k).bytes, itemAt(files, k).name))],
];
const perFile = gnubgLoad(files);
const gnubg = perFile && { all: sum(perFile), analysed: sum(perFile, isAnalysed) };
const reads = files.map((f) => importRecord(f.bytes, f.name));
const games = reads.reduce((n, r) => n + r.matches.reduce((g, m) => g + m.games.length, 0), 0);
const parseErrors = reads.reduce((n, r) => n + r.errors.length, 0);

console.log(
  `SGF corpus: ${files.length} files (${analysed.size} with gnubg analysis), ${mb.toFixed(2)} MB, ${games} games, ${parseErrors} parse errors ` +
    `(median of ${RUNS} runs, one core, in process; gnubg: median of ${RUNS} loads per file, timed inside gnubg)`,
);
console.log(`${''.padEnd(30)} ${'all files'.padStart(25)}   ${'analysed files'.padStart(14)}   vs gnubg load`);
const row = (what: string, t: { all: number; analysed: number }, ratio: string) =>
  console.log(
    `${what.padEnd(30)} ${`${(mb / (t.all / 1000)).toFixed(0)} MB/s`.padStart(10)} ${`${(t.all / files.length).toFixed(3)} ms/file`.padStart(14)}   ` +
      `${`${(t.analysed / analysed.size).toFixed(3)} ms/file`.padStart(14)}   ${ratio}`,
  );
for (const [what, t] of stages)
  row(what, t, gnubg ? `${(gnubg.all / t.all).toFixed(1)}× faster` : `${GNUBG} not found`);
if (gnubg) row('GNU Backgammon `load match`', gnubg, '');
