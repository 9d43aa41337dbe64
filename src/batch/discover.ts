// Command-line paths → the files to read, in a stable order. Folders are walked recursively in
// sorted order; globs are expanded the same way; a path named explicitly is always read.
//
// A walk stays inside the archive it was pointed at: it reads regular files only (a FIFO or a
// device in a folder would block the run), does not follow symbolic links to folders, and reads
// a symbolic link to a file only when the file is inside the walked folder, unless `follow` is
// set (as ripgrep's and fd's --follow). File names that are not valid UTF-8 are kept as bytes,
// and shown with the bad bytes escaped (`caf\xe9.mat`).
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { extname, sep } from 'node:path';
import { globBase, globMatcher, hasGlob } from './glob.js';
import { ioReason } from './outcome.js';

type SkipKind = 'not-a-match' | 'link' | 'special';

export type Discovered =
  /**
   * `sniff`: found in a folder with an ambiguous name (.txt, none): read it only if its content is
   * a match. `listed`: the file a walk listed (none for a path named explicitly), which is the one
   * read.
   */
  | { kind: 'file'; path: string; fsPath?: Buffer; sniff: boolean; listed?: Listed }
  /** Exists but cannot be read or listed: an io-error report for it. */
  | { kind: 'unreadable'; path: string; reason: string }
  /** A path named on the command line that does not exist: a usage error (exit 2), still reported. */
  | { kind: 'missing'; path: string; reason: string }
  | { kind: 'skipped'; path: string; why: SkipKind };

/**
 * The file a walk listed, by device and inode: what is opened must be it. `link`: listed as a
 * symbolic link inside the walked folder (or any with --follow), opened through the link;
 * otherwise opened without following one.
 */
export interface Listed {
  dev: number;
  ino: number;
  link?: boolean;
}

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
  /** Folders already walked, by device and inode: a link loop, or a folder named twice. */
  seen: Set<string>;
  accept: (display: string) => boolean;
  /** Walked for a pattern: a file it matches is meant, whatever its extension or content. */
  pattern: boolean;
}

function identityOf(s: Stats): Listed {
  return { dev: s.dev, ino: s.ino };
}

function sameFile(a: Listed, b: Listed): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function fileItem(place: Place, name: string, pattern: boolean, listed: Listed): Discovered {
  const sniff = !pattern && !SURE_EXTENSIONS.has(extname(name).toLowerCase());
  return typeof place.fs === 'string'
    ? { kind: 'file', path: place.display, sniff, listed }
    : { kind: 'file', path: place.display, fsPath: place.fs, sniff, listed };
}

/** Why a folder or file is not read: it is no longer what its folder listed. */
export const CHANGED =
  'it changed while the folder was walked (replaced, or a part of its path replaced by a symbolic link): not read';

/**
 * A folder's entries, read only if its path still names the folder its parent listed (`listed`:
 * the same device and inode, before and after the read; a folder followed by a link is looked at
 * through the link, so a link pointed elsewhere since is seen too). A folder swapped for a link
 * to elsewhere is never listed in its place. The top folder (`listed` null) is read as named.
 */
function listFolder(dir: Place, listed: Listed | null, viaLink: boolean): { id: Listed; entries: Entry[] } {
  const look = () => (viaLink || listed === null ? statSync(dir.fs) : lstatSync(dir.fs));
  const before = look();
  if (!before.isDirectory() || (listed !== null && !sameFile(identityOf(before), listed))) throw new Changed();
  const entries = entriesOf(dir);
  const after = look();
  if (!after.isDirectory() || !sameFile(identityOf(before), identityOf(after))) throw new Changed();
  return { id: identityOf(before), entries };
}

class Changed extends Error {}

/** A folder being walked: its entries and the next one to look at. */
interface Frame {
  dir: Place;
  entries: Entry[];
  at: number;
}

/** A folder met in a walk, to list when its turn comes. */
interface Folder {
  place: Place;
  listed: Listed | null;
  viaLink: boolean;
}

/**
 * Depth first, in sorted order, with a stack of its own: each folder costs its own listing and a
 * few lookups of its path, whatever its depth (no resolution of the whole path per folder), and a
 * deep tree never deepens the call stack. A path too long for the system is its lookup's error,
 * reported for that folder at once.
 */
function* walk(top: Place, w: Walk): Generator<Discovered> {
  const stack: Frame[] = [];
  const enter = function* (f: Folder): Generator<Discovered> {
    let listing: { id: Listed; entries: Entry[] };
    try {
      listing = listFolder(f.place, f.listed, f.viaLink);
    } catch (e) {
      const reason = e instanceof Changed ? CHANGED : `cannot list the folder: ${ioReason(e)}`;
      yield { kind: 'unreadable', path: f.place.display, reason };
      return;
    }
    const key = `${listing.id.dev}:${listing.id.ino}`;
    if (w.seen.has(key)) return;
    w.seen.add(key);
    stack.push({ dir: f.place, entries: listing.entries, at: 0 });
  };
  yield* enter({ place: top, listed: null, viaLink: false });
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.at === frame.entries.length) {
      stack.pop();
      continue;
    }
    const entry = frame.entries[frame.at++];
    const place = child(frame.dir, entry.raw ?? entry.name);
    const d = entry.dirent;
    let isDir = d.isDirectory();
    let isFile = d.isFile();
    const link = d.isSymbolicLink();
    let listed: Listed;
    try {
      if (link) {
        const target = realpathSync.native(place.fs, 'utf8');
        const stat = statSync(target);
        isDir = stat.isDirectory();
        isFile = stat.isFile();
        if (!w.follow && (isDir || !inside(target, w.root))) {
          if (w.accept(place.display)) yield { kind: 'skipped', path: place.display, why: 'link' };
          continue;
        }
        listed = { ...identityOf(stat), link: true };
      } else if (isDir) listed = identityOf(lstatSync(place.fs));
      else if (isFile && w.accept(place.display) && (w.pattern || looksLikeMatchFile(entry.name))) {
        const stat = lstatSync(place.fs);
        // Replaced since its folder was listed: what is there now is not what was listed.
        if (!stat.isFile()) throw new Changed();
        listed = identityOf(stat);
      } else listed = { dev: 0, ino: 0 };
    } catch (e) {
      // A broken link, a loop, a name past the system's limit: reported, not passed over in silence.
      const reason = e instanceof Changed ? CHANGED : ioReason(e);
      if (isDir || w.accept(place.display)) yield { kind: 'unreadable', path: place.display, reason };
      continue;
    }
    if (isDir) yield* enter({ place, listed, viaLink: link });
    else if (!w.accept(place.display)) continue;
    else if (!isFile) yield { kind: 'skipped', path: place.display, why: 'special' };
    else if (!w.pattern && !looksLikeMatchFile(entry.name))
      yield { kind: 'skipped', path: place.display, why: 'not-a-match' };
    else yield fileItem(place, entry.name, w.pattern, listed);
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
          root = realpathSync.native(base);
        } catch {
          yield { kind: 'missing', path, reason: 'no file matches this pattern' };
          continue;
        }
        let any = false;
        for (const item of walk(
          { display: base, fs: base },
          { root, follow, seen: new Set(), accept: (p) => matches(p.replace(/^\.\//, '')), pattern: true },
        )) {
          any = true;
          yield item;
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
        root = realpathSync.native(path);
      } catch (e) {
        yield { kind: 'unreadable', path, reason: `cannot list the folder: ${ioReason(e)}` };
        continue;
      }
      yield* walk({ display: path, fs: path }, { root, follow, seen, accept: () => true, pattern: false });
    } else yield { kind: 'file', path, sniff: false };
  }
}
