// `npm run build && node dist/bench/html.js [--files 10000]`: what `verify --html` costs. The
// whole process, start to exit, with and without --html, on the shared corpus and on an archive
// of N .mat files built from it (as bench/batch.ts builds it); the runs interleaved (without,
// with, with, without…) because the machine's speed drifts, medians of BENCH_RUNS rounds
// (default 5). Also the page: its size, its findings and boards, and bytes per finding.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, CORPUS, median, uncached, writeArchive } from './corpus.js';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--files') + 1] || 0) || 10_000;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const cli = resolve('dist/bin/bgaudit.js');
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-html-'));

function buildArchive(): string {
  const archive = join(dir, 'archive');
  writeArchive(archive, count, corpusFiles());
  return archive;
}

/** Wall seconds and peak RSS (MB) of one verify run. */
function timed(argv: string[]): { seconds: number; rssMb: number } {
  const out = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %M', process.execPath, cli, 'verify', ...argv, '--quiet', ...uncached(cli)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const [seconds = NaN, rss = NaN] = (out.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  if (!Number.isFinite(seconds)) throw new Error(`verify failed: ${out.stderr}`);
  return { seconds, rssMb: Math.round(rss / 1024) };
}

function measure(name: string, path: string): string {
  const page = join(dir, `${name}.html`);
  const without: number[] = [];
  const withHtml: number[] = [];
  const rss: number[][] = [[], []];
  for (let r = 0; r < runs; r++) {
    const order = r % 2 === 0 ? [false, true] : [true, false];
    for (const html of order) {
      const t = timed(html ? [path, '--html', page] : [path]);
      (html ? withHtml : without).push(t.seconds);
      itemAt(rss, html ? 1 : 0).push(t.rssMb);
    }
  }
  const text = readFileSync(page, 'utf8');
  const findings = text.match(/<tr data-code=/g)?.length ?? 0;
  const boards = (text.match(/data-boards>[^]*?<\/script>/g) ?? []).reduce((n, b) => n + b.split('\n').length, 0);
  const size = statSync(page).size;
  const [a, b] = [median(without), median(withHtml)];
  return (
    `| ${name} | ${findings.toLocaleString('en-US')} | ${boards.toLocaleString('en-US')} | ${(size / 1e6).toFixed(2)} MB | ` +
    `${findings ? Math.round(size / findings).toLocaleString('en-US') : '-'} | ${a.toFixed(2)} s / ${b.toFixed(2)} s | ${(b / a).toFixed(2)}× | ` +
    `${median(itemAt(rss, 0))} / ${median(itemAt(rss, 1))} MB |`
  );
}

try {
  const archive = buildArchive();
  console.log(`${runs} rounds each, interleaved; medians. Node ${process.version}.\n`);
  console.log(
    '| input | findings | boards | page | bytes/finding | time without / with --html | ratio | peak RSS without / with |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(measure('corpus', CORPUS));
  console.log(measure(`${count.toLocaleString('en-US')} .mat files`, archive));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
