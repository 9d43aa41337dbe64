// Where `bgaudit fix` writes its copies: a folder that is not an input, not inside one and
// holds none, copies named under it and never outside it, written without following a symbolic
// link and without replacing a file.
import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { globBase, hasGlob } from '../batch/glob.js';
import { ioReason } from '../batch/io-reason.js';
import { UsageError } from '../commands/usage-error.js';

/** The real path of `p`, or of its nearest existing folder with the rest joined on. */
function realish(p: string): string {
  const full = resolve(p);
  try {
    return realpathSync(full);
  } catch {
    const up = dirname(full);
    return up === full ? full : join(realish(up), basename(full));
  }
}

const within = (inner: string, outer: string) =>
  inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/** --out is not an input, nor inside a folder walked, nor holding an input: a usage error otherwise. */
export function checkOut(out: string, paths: string[]): void {
  const target = realish(out);
  for (const p of paths) {
    const named = hasGlob(p) ? globBase(p) : p;
    let real: string;
    try {
      real = realpathSync(resolve(named));
    } catch {
      continue;
    }
    if (within(real, target))
      throw new UsageError(`--out ${out} holds the input ${p}: choose a folder outside the inputs`);
    if (within(target, real)) throw new UsageError(`--out ${out} is inside the input ${p}: choose a folder outside it`);
  }
}

/**
 * `bytes` written at `copy` under `out`, never through a symbolic link and never over a file:
 * the folders on the way are made as needed. A reason when it cannot be.
 */
export function writeCopy(out: string, copy: string, bytes: Uint8Array): string | null {
  const parts = normalize(copy).split(sep);
  if (isAbsolute(copy) || parts.some((c) => c === '..' || c === '' || c === '.'))
    return `its name ${copy} would leave the output folder`;
  let dir = out;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    try {
      const s = lstatSync(dir);
      if (s.isSymbolicLink()) return `${dir} is a symbolic link, not followed`;
      if (!s.isDirectory()) return `${dir} is not a folder`;
    } catch {
      try {
        mkdirSync(dir);
      } catch (e) {
        return ioReason(e);
      }
    }
  }
  // Written whole beside it under a name of its own, then linked into place: a run stopped part
  // way leaves no half copy, and a link, unlike a rename, never replaces a file that is there.
  const target = join(out, copy);
  // A short name of its own: the copy's name may already be as long as a name can be.
  const temp = join(dirname(target), `.bgaudit-${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, bytes, { flag: 'wx' });
    linkSync(temp, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return `${target} exists: bgaudit fix never overwrites a file`;
    return ioReason(e);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Never made.
    }
  }
  return null;
}
