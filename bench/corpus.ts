// The benchmark's inputs: the shared corpus's .mat files, read once into memory.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS = resolve(process.env.BGAUDIT_CORPUS ?? join(process.cwd(), '..', 'shared', 'corpus'));

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

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
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
