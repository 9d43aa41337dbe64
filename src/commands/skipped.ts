// `--list-skipped`: each file a walk passed over, and why, one a line on stderr, so that the
// summary's "N skipped" can be checked file by file.
import { Option } from 'commander';
import { basename, extname } from 'node:path';
import type { SkipWhy } from '../batch/run.js';
import { printable } from '../report/escape.js';
import { MATCH_EXTENSIONS } from '../formats/index.js';
import type { Write } from '../report/reporter.js';

export function listSkippedFlag(): Option {
  return new Option(
    '--list-skipped',
    "list on stderr each file a walk skipped, and why (its name or content is not a match file's, a link not followed, a special file)",
  );
}

/** Why a file was skipped, in words; `path` is the path the walk shows. */
function skipReason(path: string, why: SkipWhy): string {
  switch (why) {
    case 'name':
      return basename(path).startsWith('.')
        ? 'a hidden file (its name starts with a dot)'
        : `not a match file by its extension (${extname(path) === '' ? 'none' : printable(extname(path))}; a walk reads ${[...MATCH_EXTENSIONS].join(', ')}, .txt and names without one)`;
    case 'content':
      return 'not a match file by its content (it does not start as a .mat match, an SGF collection or an .xg file does)';
    case 'output':
      return "one of this run's own output files";
    case 'link':
      return 'a symbolic link to a folder, or to a file outside the folder walked, not followed (--follow follows it)';
    case 'special':
      return 'a special file (a FIFO, a device or a socket), not read';
  }
}

/** The line `--list-skipped` writes for a file, its path escaped as the text report escapes it. */
function skippedLine(path: string, why: SkipWhy): string {
  return `bgaudit: skipped ${printable(path)}: ${skipReason(path, why)}\n`;
}

/** What a run is told of each skipped file: a line to `stderr` (after `before`, which clears a progress line). */
export function skippedLister(stderr: Write, before?: () => void): (path: string, why: SkipWhy) => void {
  return (path, why) => {
    before?.();
    stderr(skippedLine(path, why));
  };
}
