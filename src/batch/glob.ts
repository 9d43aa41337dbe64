// Shell-style patterns for paths the shell did not expand (quoted on the command line, or on
// Windows), with the syntax users know from their shells and tools — `*`, `?`, `**`, `[abc]`,
// `[!abc]`, `{a,b}`, `!(…)` — by picomatch, the matcher of micromatch, fast-glob and chokidar.
import picomatch from 'picomatch';

const OPTIONS = { posix: true } as const; // `[!ab]` and POSIX classes as in the shells

export function hasGlob(pattern: string): boolean {
  return picomatch.scan(pattern).isGlob;
}

/** The leading part of a pattern without wildcards: the folder to walk. */
export function globBase(pattern: string): string {
  const base = picomatch.scan(pattern).base;
  return base === '' ? (pattern.startsWith('/') ? '/' : '.') : base;
}

/** A matcher for whole paths; throws (a SyntaxError) for a pattern that cannot be read. */
export function globMatcher(pattern: string): (path: string) => boolean {
  picomatch.makeRe(pattern, { ...OPTIONS, debug: true }); // picomatch matches nothing, silently, when its regexp cannot be built
  return picomatch(pattern, OPTIONS);
}
