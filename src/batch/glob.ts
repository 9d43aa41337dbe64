// Shell-style patterns for paths the shell did not expand (quoted on the command line, or on
// Windows): `*` and `?` within one path segment, `**` across segments, `[abc]` classes.

export function hasGlob(pattern: string): boolean {
  return /[*?[]/.test(pattern);
}

/** The leading part of a pattern without wildcards: the folder to walk. */
export function globBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const p of parts) {
    if (hasGlob(p)) break;
    fixed.push(p);
  }
  if (fixed.length === parts.length) fixed.pop();
  const base = fixed.join('/');
  return base === '' ? (pattern.startsWith('/') ? '/' : '.') : base;
}

export function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}
