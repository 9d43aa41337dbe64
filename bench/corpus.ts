// The benchmark's inputs: the shared corpus's .mat files, read once into memory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { itemAt } from '../src/core/at.js';

export const CORPUS = resolve(process.env.BGAUDIT_CORPUS ?? join(process.cwd(), 'corpus'));

export interface CorpusFile {
  name: string;
  bytes: Uint8Array;
}

export function corpusFiles(folders = ['mat', 'gnubg-generated'], ext = '.mat'): CorpusFile[] {
  const files: CorpusFile[] = [];
  for (const folder of folders) {
    const dir = join(CORPUS, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .sort())
      files.push({ name: join(folder, name), bytes: readFileSync(join(dir, name)) });
  }
  if (files.length === 0) throw new Error(`no ${ext} files under ${CORPUS}`);
  return files;
}

const knowsCache = new Map<string, boolean>();

/**
 * `--no-cache` for a build that has the results cache: a benchmark of the audit audits every file
 * every round (a build from before the cache gets nothing, and had none to turn off).
 */
export function uncached(cli: string): string[] {
  let knows = knowsCache.get(cli);
  if (knows === undefined) {
    const help = spawnSync(process.execPath, [cli, 'verify', '--help'], { encoding: 'utf8' }).stdout;
    knows = help.includes('--no-cache');
    knowsCache.set(cli, knows);
  }
  return knows ? ['--no-cache'] : [];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? itemAt(s, (s.length - 1) / 2) : (itemAt(s, s.length / 2 - 1) + itemAt(s, s.length / 2)) / 2;
}

/** Runs `fn` `runs` times after one warm-up run; the median wall time in ms. */
export function timeIt(runs: number, fn: () => void): number {
  fn();
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * The corpus repeated would be an archive of duplicates (and the duplicate check audits a file
 * with one twice): each round after the first names its players `Name_r` on every score line, so
 * that the archive holds as many distinct matches as files, as real archives mostly do.
 */
export function distinctCopy(bytes: Uint8Array, round: number): Uint8Array {
  if (round === 0) return bytes;
  const text = Buffer.from(bytes).toString('latin1');
  const renamed = text.replace(
    /^(\s*)(\S.*?) : (-?\d+)(\s+)(\S.*?) : (-?\d+)/gm,
    (_, lead, a, sa, gap, b, sb) => `${lead}${a}_${round} : ${sa}${gap}${b}_${round} : ${sb}`,
  );
  return Buffer.from(renamed, 'latin1');
}

/**
 * Writes an archive of `count` .mat files made from `files` in turn (each round renamed by
 * `distinctCopy`), 100 files a folder as archives usually are; their paths and total bytes.
 */
export function writeArchive(root: string, count: number, files: CorpusFile[]): { paths: string[]; bytes: number } {
  mkdirSync(root, { recursive: true });
  const paths: string[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const sub = join(root, String(Math.floor(i / 100)).padStart(4, '0'));
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    const path = join(sub, `${String(i).padStart(6, '0')}.mat`);
    const content = distinctCopy(itemAt(files, i % files.length).bytes, Math.floor(i / files.length));
    writeFileSync(path, content);
    paths.push(path);
    bytes += content.length;
  }
  return { paths, bytes };
}
