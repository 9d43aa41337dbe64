// Baseline files: the findings of an archive already accepted (`--write-baseline FILE`), not
// reported again by a later run given `--baseline FILE`; only what is new needs reading. One JSON
// document, one line per file with findings, written as the run goes:
//   {"bgaudit-baseline":1,"files":[
//   {"file":"archive/a.mat","findings":[{"match":1,"game":3,"code":"points-mismatch","message":"…","count":1}]}
//   ]}
// A finding is matched by its file (as the run names it), match, game, code and message, so
// lines may move; `count` says how many identical findings are accepted.
import type { AcceptedFinding } from '../report/select.js';
import type { Write } from '../report/reporter.js';
import { readInputText, UnreadableInput } from '../batch/read-input.js';
import { UsageError } from './usage-error.js';

const VERSION = 1;

function isAccepted(x: unknown): x is AcceptedFinding {
  const a = x as AcceptedFinding;
  return (
    typeof a === 'object' &&
    a !== null &&
    (a.match === null || Number.isSafeInteger(a.match)) &&
    (a.game === null || Number.isSafeInteger(a.game)) &&
    typeof a.code === 'string' &&
    typeof a.message === 'string' &&
    Number.isSafeInteger(a.count) &&
    a.count > 0
  );
}

/**
 * The most a baseline file may hold. A baseline has one line per file with findings (a few hundred
 * bytes): this is over a million files' worth, and parsed it takes a few times as much memory.
 */
const MAX_BASELINE_BYTES = 256 * 1024 * 1024;

/** A baseline file's text, read as any input is (a regular file, non-blocking, within `limit`). */
function baselineText(path: string, limit: number): string {
  try {
    return readInputText(path, limit, `a baseline may hold (${limit} bytes)`);
  } catch (e) {
    if (e instanceof UnreadableInput) throw new UsageError(`cannot read the baseline ${path}: ${e.message}`);
    throw e;
  }
}

/** What matches one accepted finding with another: all but its count. */
function keyOf(a: AcceptedFinding): string {
  return JSON.stringify([a.match, a.game, a.code, a.message]);
}

/**
 * A baseline file → the accepted findings by file. A file's entries may come in several lines and
 * repeat a finding: they are merged as they are read (the same finding's counts added), in time
 * linear in the entries, and each file is left with one entry per finding.
 */
export function readBaseline(path: string, limit = MAX_BASELINE_BYTES): Map<string, AcceptedFinding[]> {
  const text = baselineText(path, limit);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path} is not a baseline file (not JSON: ${(e as Error).message})`);
  }
  const d = doc as { 'bgaudit-baseline'?: unknown; files?: unknown };
  if (typeof d !== 'object' || d === null || d['bgaudit-baseline'] !== VERSION || !Array.isArray(d.files)) {
    throw new UsageError(`${path} is not a baseline file written by --write-baseline`);
  }
  const byFile = new Map<string, Map<string, AcceptedFinding>>();
  for (const f of d.files as { file?: unknown; findings?: unknown }[]) {
    if (typeof f?.file !== 'string' || !Array.isArray(f.findings) || !f.findings.every(isAccepted)) {
      throw new UsageError(`${path} is not a baseline file written by --write-baseline (an entry is not of its form)`);
    }
    let findings = byFile.get(f.file);
    if (findings === undefined) byFile.set(f.file, (findings = new Map<string, AcceptedFinding>()));
    for (const a of f.findings) {
      const key = keyOf(a);
      const had = findings.get(key);
      if (had === undefined)
        findings.set(key, { match: a.match, game: a.game, code: a.code, message: a.message, count: a.count });
      else had.count = Math.min(Number.MAX_SAFE_INTEGER, had.count + a.count);
    }
  }
  return new Map([...byFile].map(([file, findings]) => [file, [...findings.values()]]));
}

/** Writes a baseline file line by line as files are audited; `end` closes the document. */
export function baselineWriter(write: Write): { add: (line: string) => void; end: () => void } {
  let first = true;
  write(`{"bgaudit-baseline":${VERSION},"files":[`);
  return {
    add(line) {
      if (line.endsWith('"findings":[]}')) return; // a file with nothing to accept
      write((first ? '\n' : ',\n') + line);
      first = false;
    },
    end() {
      write('\n]}\n');
    },
  };
}
