// `npm run bench:profile [-- --files N] [-- --format F]`: where a worker's time goes. One
// `verify --jobs 1` of an archive of N .mat files (10,000; built as bench/batch.ts builds it)
// under V8's sampling profiler, run as installed (dist/bin: the bundled worker through its code
// cache), so that the profile is of what users run. Every sample of the worker's own code names
// the one bundle; the bundle's source map (scripts/bundle.mjs writes it beside the bundle) names
// the source file each function came from. The worker's self time is then added up by stage
// (the grammar, the import, the replay, the audit, rendering, the pool's messages, file reads,
// garbage collection) and its top functions listed under their source names. A profile slows
// everything by about the same factor: the shares are the figures, not the milliseconds.
// BENCH_KEEP=1 keeps the profiles (their folder is printed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusFiles, uncached, writeArchive } from './corpus.js';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--files') + 1] || 0) || 10_000;
const format = args.includes('--format') ? itemAt(args, args.indexOf('--format') + 1) : 'text';

interface ProfileNode {
  id: number;
  /** Positions are 0-based. */
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The stage a sample's function belongs to, from its source file (or, for V8's own, its name). */
function stageOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(idle)' || name === 'atomicsWaitLoop') return 'waiting for work';
  if (/\/grammars\/|\/parsimmon\//.test(url)) return 'grammar (text → syntax tree)';
  if (url.includes('/src/import/')) return 'import (syntax tree → records)';
  if (url.includes('/src/read/decode.')) return 'decoding bytes to text';
  if (/\/src\/(scoring\/|engine\/ids\.|core\/|read\/)/.test(url)) return 'audit';
  if (url.includes('/src/engine/')) return 'replay and move search';
  if (url.includes('/src/report/')) return 'rendering';
  if (url === '' && ['open', 'read', 'close', 'fstat'].includes(name)) return 'reading files';
  if (/\/src\/batch\/|\/piscina\/|node:internal\/worker|node:internal\/per_context\/messageport/.test(url))
    return 'pool and messages';
  if (url === '' && ['postMessage', 'receiveMessageOnPort'].includes(name)) return 'pool and messages';
  return 'start-up and other';
}

const bundle = resolve('dist/bin/worker-code.cjs');
const bundleMap = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as SourceMapPayload);

/**
 * Where a function of the profile comes from: for the bundle's, the source file (as a file URL),
 * line and name its source map gives; for others, the profile's own. The bundle is known by its
 * name, not its path: a script compiled from V8's code cache keeps the name of the file the cache
 * was made from (another checkout of the same build, say), and the cache is only ever read for a
 * bundle with the same bytes as this one, whose map this is.
 */
function origin(frame: ProfileNode['callFrame']): { url: string; line: number; name: string } {
  const { functionName, url, lineNumber, columnNumber } = frame;
  const name = functionName || '(anonymous)';
  if (!url.endsWith('/worker-code.cjs')) return { url, line: lineNumber, name };
  const entry = bundleMap.findEntry(lineNumber, columnNumber);
  // Before the first mapping: esbuild's own helpers and the loader's wrapper (on line 0).
  if (!('originalSource' in entry)) return { url, line: lineNumber, name };
  const source = pathToFileURL(resolve(dirname(bundle), entry.originalSource)).href;
  // esbuild renames a function whose name another module also uses (place → place2); the map
  // names the original at the function's name (Node's typings leave `name` out of the entry).
  const original = (entry as { name?: string }).name;
  const renamed = original !== undefined && functionName.replace(/\d+$/, '') === original;
  return { url: source, line: entry.originalLine, name: renamed ? original : name };
}

function summarise(p: Profile): { stages: Map<string, number>; functions: Map<string, number>; total: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const stages = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(itemAt(p.samples, i));
    if (!node) continue;
    const dt = p.timeDeltas[i] ?? 0;
    const { url, line, name } = origin(node.callFrame);
    const stage = stageOf(url, name);
    stages.set(stage, (stages.get(stage) ?? 0) + dt);
    const where = url.startsWith('file:')
      ? relative(process.cwd(), fileURLToPath(url)).replace(/^(dist|node_modules)\//, '')
      : url;
    const key = `${name} ${where ? `${where}:${line + 1}` : '(native)'}`;
    functions.set(key, (functions.get(key) ?? 0) + dt);
    total += dt;
  }
  return { stages, functions, total };
}

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-profile-'));
const archive = join(dir, 'archive');
const profiles = join(dir, 'profiles');
writeArchive(archive, count, corpusFiles());
const cli = resolve('dist/bin/bgaudit.js');
// The worker's code cache in a folder of the profile's own, made by a first run that is not
// profiled: the profile is of a worker that starts as a user's does once the cache is there,
// whatever state the user's own cache is in.
const env = { ...process.env, BGAUDIT_CACHE_DIR: join(dir, 'cache') };
for (const profiled of [false, true]) {
  const flags = profiled ? ['--cpu-prof', '--cpu-prof-dir', profiles] : [];
  const run = spawnSync(
    process.execPath,
    [...flags, cli, 'verify', archive, '--quiet', '--jobs', '1', '--format', format, ...uncached(cli)],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`verify failed: ${run.stderr}`);
}
// The worker's profile is the one whose samples include the batch function.
const worker = readdirSync(profiles)
  .map((f) => JSON.parse(readFileSync(join(profiles, f), 'utf8')) as Profile)
  .find((p) => p.nodes.some((n) => n.callFrame.functionName === 'runBatch'));
if (!worker) throw new Error('no worker profile');
const { stages, functions, total } = summarise(worker);
const ms = (t: number) => `${(t / 1000).toFixed(0).padStart(6)} ms`;
const share = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`verify --jobs 1 --format ${format}, ${count} files: the worker's self time by stage (sampled)`);
for (const [stage, t] of [...stages].sort((a, b) => b[1] - a[1])) console.log(`${ms(t)} ${share(t)}  ${stage}`);
console.log('\ntop functions:');
for (const [fn, t] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${ms(t)} ${share(t)}  ${fn}`);
if (process.env.BENCH_KEEP) console.log(`\nprofiles kept in ${profiles}`);
else rmSync(dir, { recursive: true, force: true });
