// What a failed open or read says to the user, in a module of its own: the walk (discover.ts)
// and the file tasks (outcome.ts) both need it, and neither imports the other at run time.

/** Why a file or folder cannot be opened or read, in the words every command uses (never Node's own text). */
export function ioReason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such file or folder';
    case 'ELOOP':
      return 'a symbolic link loop';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EIO':
      return 'an input/output error of the disk';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files open';
    default:
      return err.code ? `system error ${err.code}` : String(err.message ?? err);
  }
}
