// Command-line paths → the files to read, in a stable order. Folders are walked recursively in
// sorted order; globs are expanded the same way; a path named explicitly is always read.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { globBase, globToRegExp, hasGlob } from './glob.js';

export type Discovered =
  /** `sniff`: found in a folder with an ambiguous name (.txt, none): read it only if its content is a match. */
  | { kind: 'file'; path: string; sniff: boolean }
  | { kind: 'missing'; path: string; reason: string }
  | { kind: 'skipped'; path: string };

const MATCH_EXTENSIONS = new Set(['.mat', '.sgf', '.txt', '']);
const SURE_EXTENSIONS = new Set(['.mat', '.sgf']);

function looksLikeMatchFile(name: string): boolean {
  return MATCH_EXTENSIONS.has(extname(name).toLowerCase()) && !name.startsWith('.');
}

/** Whether the start of a file reads like a .mat match or an SGF collection. */
export function looksLikeMatchContent(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16384)).toString('latin1');
  return /^\s*\(\s*;/.test(head) || /^[ \t]*(?:\d+[ \t]+points?[ \t]+match|unlimited[ \t]+game)[ \t]*\r?$/im.test(head);
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function* walk(dir: string, seen: Set<string>, accept: (path: string) => boolean): Generator<Discovered> {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (e) {
    yield { kind: 'missing', path: dir, reason: (e as Error).message };
    return;
  }
  if (seen.has(real)) return; // a symlink loop, or a folder named twice
  seen.add(real);
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    yield { kind: 'missing', path: dir, reason: (e as Error).message };
    return;
  }
  entries.sort(byName);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      try {
        isDir = statSync(path).isDirectory();
      } catch {
        isDir = false;
      }
    }
    if (isDir) yield* walk(path, seen, accept);
    else if (!accept(path)) continue;
    else if (looksLikeMatchFile(entry.name)) yield { kind: 'file', path, sniff: !SURE_EXTENSIONS.has(extname(entry.name).toLowerCase()) };
    else yield { kind: 'skipped', path };
  }
}

/**
 * Synchronous on purpose: each step is one readdir of one folder (no longer than reading one
 * file, which is synchronous too), and an async generator cost more per file than the walk.
 */
export function* discover(paths: string[]): Generator<Discovered> {
  const seen = new Set<string>();
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && hasGlob(path)) {
        const re = globToRegExp(path.replace(/^\.\//, ''));
        const base = globBase(path);
        let any = false;
        for (const item of walk(base, new Set(), (p) => re.test(p.replace(/^\.\//, '')))) {
          if (item.kind === 'missing' && item.path === base) break;
          any = true;
          // A file a pattern names is meant, whatever its extension or content.
          yield item.kind === 'missing' ? item : { kind: 'file', path: item.path, sniff: false };
        }
        if (!any) yield { kind: 'missing', path, reason: 'no file matches this pattern' };
        continue;
      }
      yield { kind: 'missing', path, reason: code === 'ENOENT' ? 'no such file or folder' : (e as Error).message };
      continue;
    }
    if (isDir) yield* walk(path, seen, () => true);
    else yield { kind: 'file', path, sniff: false };
  }
}
