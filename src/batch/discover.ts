// Command-line paths → the files to read, in a stable order. Folders are walked recursively in
// sorted order; globs are expanded the same way; a path named explicitly is always read.
//
// A walk stays inside the archive it was pointed at: it reads regular files only (a FIFO or a
// device in a folder would block the run), does not follow symbolic links to folders, and reads
// a symbolic link to a file only when the file is inside the walked folder, unless `follow` is
// set (as ripgrep's and fd's --follow). File names that are not valid UTF-8 are kept as bytes,
// and shown with the bad bytes escaped (`caf\xe9.mat`).
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { extname, sep } from 'node:path';
import { globBase, globMatcher, hasGlob } from './glob.js';
import { ioReason } from './outcome.js';

type SkipKind = 'not-a-match' | 'link' | 'special';

export type Discovered =
  /** `sniff`: found in a folder with an ambiguous name (.txt, none): read it only if its content is a match. */
  | { kind: 'file'; path: string; fsPath?: Buffer; sniff: boolean }
  /** Exists but cannot be read or listed: an io-error report for it. */
  | { kind: 'unreadable'; path: string; reason: string }
  /** A path named on the command line that does not exist: a usage error (exit 2), still reported. */
  | { kind: 'missing'; path: string; reason: string }
  | { kind: 'skipped'; path: string; why: SkipKind };

export interface DiscoverOptions {
  /** Follow symbolic links to folders, and to files outside the walked folder. */
  follow?: boolean;
}

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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A name's bytes as text: valid UTF-8 as it is, every other byte as `\xNN`. */
function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    const n = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (n > 0 && i + n <= bytes.length) {
      try {
        out += strictUtf8.decode(bytes.subarray(i, i + n));
        i += n;
        continue;
      } catch {
        // not a whole character: escaped below
      }
    }
    out += `\\x${c.toString(16).padStart(2, '0')}`;
    i++;
  }
  return out;
}

/** A path on disk: its text for reports, and its bytes when the text cannot name it. */
interface Place {
  display: string;
  fs: string | Buffer;
}

function child(dir: Place, name: string | Buffer): Place {
  if (typeof name === 'string' && typeof dir.fs === 'string') {
    const path = dir.fs.endsWith(sep) ? dir.fs + name : dir.fs + sep + name;
    return { display: path, fs: path };
  }
  const nameBytes = typeof name === 'string' ? Buffer.from(name) : name;
  const dirBytes = typeof dir.fs === 'string' ? Buffer.from(dir.fs) : dir.fs;
  const slash = dirBytes[dirBytes.length - 1] === 0x2f ? [] : [Buffer.from(sep)];
  const display = (dir.display.endsWith(sep) ? dir.display : dir.display + sep) + escapeBytes(nameBytes);
  return { display, fs: Buffer.concat([dirBytes, ...slash, nameBytes]) };
}

interface Entry {
  name: string;
  /** The name's bytes when it is not valid UTF-8. */
  raw: Buffer | null;
  dirent: Dirent | Dirent<Buffer>;
}

/**
 * A folder's entries, sorted by name. Node turns bytes that are not UTF-8 into U+FFFD, and such a
 * name no longer names its file: only then is the folder read again as bytes.
 */
function entriesOf(dir: Place): Entry[] {
  const named = readdirSync(dir.fs, { withFileTypes: true });
  let entries: Entry[];
  if (!named.some((d) => d.name.includes('\uFFFD')))
    entries = named.map((d) => ({ name: d.name, raw: null, dirent: d }));
  else {
    entries = readdirSync(dir.fs, { withFileTypes: true, encoding: 'buffer' }).map((d) => {
      const text = d.name.toString('utf8');
      const exact = Buffer.from(text).equals(d.name);
      return { name: exact ? text : escapeBytes(d.name), raw: exact ? null : d.name, dirent: d };
    });
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function inside(path: string, root: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

interface Walk {
  /** The walked folder, resolved: a link to a file outside it is not followed. */
  root: string;
  follow: boolean;
  /** Folders already walked (resolved): a link loop, or a folder named twice. */
  seen: Set<string>;
  accept: (display: string) => boolean;
}

function fileItem(place: Place, name: string, sniffable: boolean): Discovered {
  if (!looksLikeMatchFile(name)) return { kind: 'skipped', path: place.display, why: 'not-a-match' };
  const sniff = sniffable && !SURE_EXTENSIONS.has(extname(name).toLowerCase());
  return typeof place.fs === 'string'
    ? { kind: 'file', path: place.display, sniff }
    : { kind: 'file', path: place.display, fsPath: place.fs, sniff };
}

function* walk(dir: Place, w: Walk): Generator<Discovered> {
  let real: string;
  let entries: Entry[];
  try {
    real = realpathSync(dir.fs, 'utf8');
    if (w.seen.has(real)) return;
    w.seen.add(real);
    entries = entriesOf(dir);
  } catch (e) {
    yield { kind: 'unreadable', path: dir.display, reason: `cannot list the folder: ${ioReason(e)}` };
    return;
  }
  for (const entry of entries) {
    const place = child(dir, entry.raw ?? entry.name);
    const d = entry.dirent;
    let isDir = d.isDirectory();
    let isFile = d.isFile();
    if (d.isSymbolicLink()) {
      let target: string;
      try {
        target = realpathSync(place.fs, 'utf8');
        const stat = statSync(target);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
      } catch (e) {
        // A broken link or a loop in the archive: reported, not passed over in silence.
        if (w.accept(place.display)) yield { kind: 'unreadable', path: place.display, reason: ioReason(e) };
        continue;
      }
      if (!w.follow && (isDir || !inside(target, w.root))) {
        if (w.accept(place.display)) yield { kind: 'skipped', path: place.display, why: 'link' };
        continue;
      }
    }
    if (isDir) yield* walk(place, w);
    else if (!w.accept(place.display)) continue;
    else if (!isFile) yield { kind: 'skipped', path: place.display, why: 'special' };
    else yield fileItem(place, entry.name, true);
  }
}

/** A pattern that cannot be read as a glob. */
export class PatternError extends Error {}

function patternOf(path: string): (path: string) => boolean {
  try {
    return globMatcher(path.replace(/^\.\//, ''));
  } catch (e) {
    throw new PatternError(
      `${path}: not a valid pattern (${(e as Error).message.replace(/^Invalid regular expression: \/.*\/: /, '')})`,
    );
  }
}

/** Throws a PatternError for the first pattern among the paths that is not valid. */
export function checkPatterns(paths: string[]): void {
  for (const p of paths) if (hasGlob(p)) patternOf(p);
}

/**
 * Synchronous on purpose: each step is one readdir of one folder (no longer than reading one
 * file, which is synchronous too), and an async generator cost more per file than the walk.
 */
export function* discover(paths: string[], options: DiscoverOptions = {}): Generator<Discovered> {
  const follow = options.follow === true;
  const seen = new Set<string>();
  for (const path of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && hasGlob(path)) {
        const matches = patternOf(path);
        const base = globBase(path);
        let root: string;
        try {
          root = realpathSync(base);
        } catch {
          yield { kind: 'missing', path, reason: 'no file matches this pattern' };
          continue;
        }
        let any = false;
        for (const item of walk(
          { display: base, fs: base },
          { root, follow, seen: new Set(), accept: (p) => matches(p.replace(/^\.\//, '')) },
        )) {
          any = true;
          // A file a pattern names is meant, whatever its extension or content.
          yield item.kind === 'file'
            ? { ...item, sniff: false }
            : item.kind === 'skipped' && item.why === 'not-a-match'
              ? { kind: 'file', path: item.path, sniff: false }
              : item;
        }
        if (!any) yield { kind: 'missing', path, reason: 'no file matches this pattern' };
        continue;
      }
      const reason = ioReason(e);
      yield code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG'
        ? { kind: 'missing', path, reason }
        : { kind: 'unreadable', path, reason };
      continue;
    }
    if (isDir) {
      let root: string;
      try {
        root = realpathSync(path);
      } catch (e) {
        yield { kind: 'unreadable', path, reason: `cannot list the folder: ${ioReason(e)}` };
        continue;
      }
      yield* walk({ display: path, fs: path }, { root, follow, seen, accept: () => true });
    } else yield { kind: 'file', path, sniff: false };
  }
}
