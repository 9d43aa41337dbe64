// Command-line paths → the files to read, in a stable order. Folders are walked recursively in
// sorted order; globs are expanded the same way; a path named explicitly is always read.
//
// A walk stays inside the archive it was pointed at: it reads regular files only (a FIFO or a
// device in a folder would block the run), does not follow symbolic links to folders, and reads
// a symbolic link to a file only when the file is inside the walked folder, unless `follow` is
// set (as ripgrep's and fd's --follow). It reads what it listed: each file it gives carries the
// device and inode it was listed with, which the file opened must have (task.ts), and a folder
// is listed only while its path names the folder its parent listed. File names that are not
// valid UTF-8 are kept as bytes, and shown with the bad bytes escaped (`caf\xe9.mat`).
import { MATCH_EXTENSIONS, binaryFormatOf } from '../formats/index.js';
import { CACHE_TAG, CACHE_TAG_SIGNATURE } from '../cache/tag.js';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { extname, sep } from 'node:path';
import { globBase, globMatcher, hasGlob } from './glob.js';
import { ioReason } from './io-reason.js';
import { itemAt } from '../core/at.js';

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

/** Endings that may be match files: looked inside (`looksLikeMatchContent`) before they are read. */
const SNIFFED_EXTENSIONS = new Set(['.txt', '']);

function looksLikeMatchFile(name: string): boolean {
  const ext = extname(name).toLowerCase();
  return (MATCH_EXTENSIONS.has(ext) || SNIFFED_EXTENSIONS.has(ext)) && !name.startsWith('.');
}

/** Whether the start of a file reads like a .mat match or an SGF collection, or is a binary format's. */
export function looksLikeMatchContent(bytes: Uint8Array): boolean {
  if (binaryFormatOf(bytes.subarray(0, 16)) !== null) return true;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16384)).toString('latin1');
  return /^\s*\(\s*;/.test(head) || /^[ \t]*(?:\d+[ \t]+points?[ \t]+match|unlimited[ \t]+game)[ \t]*\r?$/im.test(head);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A name's bytes as text: valid UTF-8 as it is, every other byte as `\xNN`. */
function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const c = itemAt(bytes, i);
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
  const sniff = !pattern && !MATCH_EXTENSIONS.has(extname(name).toLowerCase());
  return typeof place.fs === 'string'
    ? { kind: 'file', path: place.display, sniff, listed }
    : { kind: 'file', path: place.display, fsPath: place.fs, sniff, listed };
}

/** Why a folder or file is not read: it is no longer what its folder listed. */
export const CHANGED =
  'it changed while the folder was walked (replaced, or a part of its path replaced by a symbolic link): not read';

class Changed extends Error {}

/** What a walk makes of one entry of a folder, looked at when the folder is listed. */
type Looked =
  | { kind: 'folder'; listed: Listed; viaLink: boolean }
  | { kind: 'file'; listed: Listed }
  /** A link not followed; a special file; a file that is not a match (by name). */
  | { kind: 'passed'; why: SkipKind }
  /** Not yielded at all (a file the pattern does not match). */
  | { kind: 'none' }
  | { kind: 'error'; reason: string };

function look(place: Place, entry: Entry, w: Walk): Looked {
  const d = entry.dirent;
  const link = d.isSymbolicLink();
  let isDir = d.isDirectory();
  let isFile = d.isFile();
  const accepted = () => w.accept(place.display);
  try {
    if (link) {
      const target = realpathSync.native(place.fs, 'utf8');
      const stat = statSync(target);
      isDir = stat.isDirectory();
      isFile = stat.isFile();
      if (!w.follow && (isDir || !inside(target, w.root)))
        return accepted() ? { kind: 'passed', why: 'link' } : { kind: 'none' };
      if (isDir) return { kind: 'folder', listed: identityOf(stat), viaLink: true };
      if (!accepted()) return { kind: 'none' };
      if (!isFile) return { kind: 'passed', why: 'special' };
      return { kind: 'file', listed: { ...identityOf(stat), link: true } };
    }
    if (isDir) return { kind: 'folder', listed: identityOf(lstatSync(place.fs)), viaLink: false };
    if (!accepted()) return { kind: 'none' };
    if (!isFile) return { kind: 'passed', why: 'special' };
    if (!w.pattern && !looksLikeMatchFile(entry.name)) return { kind: 'passed', why: 'not-a-match' };
    const stat = lstatSync(place.fs);
    // Replaced since its folder was listed: what is there now is not what was listed.
    if (!stat.isFile()) throw new Changed();
    return { kind: 'file', listed: identityOf(stat) };
  } catch (e) {
    // A broken link, a loop, a name past the system's limit: reported, not passed over in silence.
    const reason = e instanceof Changed ? CHANGED : ioReason(e);
    return isDir || accepted() ? { kind: 'error', reason } : { kind: 'none' };
  }
}

/** A folder being walked: its entries, each looked at, and the next one to give. */
interface Frame {
  dir: Place;
  entries: { entry: Entry; looked: Looked }[];
  at: number;
}

/** Entries looked at between two turns a walk offers inside one folder's listing. */
const ENTRIES_PER_TURN = 1024;

/**
 * Yielded by a walk after each folder it lists and every ENTRIES_PER_TURN entries it looks at: a
 * point where its caller may let the event loop turn (`discoverInTurns`). A tree of empty folders
 * yields no file for as long as it is walked, and a signal's handler runs only when the loop
 * turns.
 */
export const TURN: unique symbol = Symbol('turn');

/** Whether a folder is tagged as a cache: its tag a regular file (not followed, never a FIFO) with the signature. */
function taggedCache(dir: Place, entries: readonly Entry[]): boolean {
  const tag = entries.find((e) => e.name === CACHE_TAG && e.dirent.isFile());
  if (tag === undefined) return false;
  let fd: number | null = null;
  try {
    fd = openSync(child(dir, tag.name).fs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const head = Buffer.alloc(CACHE_TAG_SIGNATURE.length);
    const n = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).toString('latin1') === CACHE_TAG_SIGNATURE;
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * A folder's entries, each looked at (lstat: the identity of each file and folder), read only if
 * its path names the folder its parent listed (`listed`: the same device and inode) once they are
 * all read. A folder followed by a link is looked at through the link, so a link pointed
 * elsewhere since is seen too. The top folder (`listed` null) is read as named.
 */
function* listFolder(
  dir: Place,
  listed: Listed | null,
  viaLink: boolean,
  w: Walk,
): Generator<typeof TURN, { id: Listed; frame: Frame }> {
  // The entry's path is made again when it is given: not held for a folder's every entry at once.
  const entries: Frame['entries'] = [];
  const listing = entriesOf(dir);
  // A cache folder (bgaudit's own among them) is no archive: a walk passes it by, as tar and
  // backup tools do, so that what it holds, which changes from run to run, is never counted.
  const cache = listed !== null && taggedCache(dir, listing);
  for (const entry of cache ? [] : listing) {
    entries.push({ entry, looked: look(child(dir, entry.raw ?? entry.name), entry, w) });
    if (entries.length % ENTRIES_PER_TURN === 0) yield TURN;
  }
  const after = viaLink || listed === null ? statSync(dir.fs) : lstatSync(dir.fs);
  if (!after.isDirectory() || (listed !== null && !sameFile(identityOf(after), listed))) throw new Changed();
  return { id: identityOf(after), frame: { dir, entries, at: 0 } };
}

/**
 * Depth first, in sorted order, with a stack of its own: each folder costs its own listing and a
 * lookup of each entry, whatever its depth (no resolution of the whole path per folder), and a
 * deep tree never deepens the call stack. A path too long for the system is its lookup's error,
 * reported for that folder at once. Everything a folder's entries are checked against is looked
 * at as the folder is listed, and the folder checked after: a link swapped in for the folder
 * meanwhile makes it an io-error, not a listing of what the link points to.
 */
function* walk(top: Place, w: Walk): Generator<Discovered | typeof TURN> {
  const stack: Frame[] = [];
  const enter = function* (place: Place, listed: Listed | null, viaLink: boolean): Generator<Discovered | typeof TURN> {
    let listing: { id: Listed; frame: Frame };
    try {
      listing = yield* listFolder(place, listed, viaLink, w);
    } catch (e) {
      const reason = e instanceof Changed ? CHANGED : `cannot list the folder: ${ioReason(e)}`;
      yield { kind: 'unreadable', path: place.display, reason };
      return;
    }
    yield TURN;
    const key = `${listing.id.dev}:${listing.id.ino}`;
    if (w.seen.has(key)) return;
    w.seen.add(key);
    stack.push(listing.frame);
  };
  yield* enter(top, null, false);
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.at === frame.entries.length) {
      stack.pop();
      continue;
    }
    const { entry, looked } = itemAt(frame.entries, frame.at);
    const place = child(frame.dir, entry.raw ?? entry.name);
    // Let the entry go: a folder of many files is not held twice while its subfolders are walked.
    frame.entries[frame.at++] = undefined as unknown as Frame['entries'][number];
    if (looked.kind === 'folder') yield* enter(place, looked.listed, looked.viaLink);
    else if (looked.kind === 'file') yield fileItem(place, entry.name, w.pattern, looked.listed);
    else if (looked.kind === 'passed') yield { kind: 'skipped', path: place.display, why: looked.why };
    else if (looked.kind === 'error') yield { kind: 'unreadable', path: place.display, reason: looked.reason };
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
 * What the paths hold, in order, with a TURN after each folder listed. Synchronous on purpose:
 * each step is one readdir of one folder, or a bounded part of one (no longer than reading one
 * file, which is synchronous too), and an async generator costs more per file than the walk; a
 * caller that must stay responsive to signals through a long walk lets the event loop turn at
 * the TURNs (the pool's task queue does).
 */
export function* discoverInTurns(paths: string[], options: DiscoverOptions = {}): Generator<Discovered | typeof TURN> {
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
          if (item !== TURN) any = true;
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

/** What the paths hold, in order: `discoverInTurns` without its turns, for callers that need none. */
export function* discover(paths: string[], options: DiscoverOptions = {}): Generator<Discovered> {
  for (const item of discoverInTurns(paths, options)) if (item !== TURN) yield item;
}
