// Baseline files: the findings of an archive already accepted (`--write-baseline FILE`), not
// reported again by a later run given `--baseline FILE`; only what is new needs reading. One JSON
// document, one line per file with findings, written as the run goes:
//   {"bgaudit-baseline":1,"files":[
//   {"file":"archive/a.mat","findings":[{"match":1,"game":3,"code":"points-mismatch","message":"…","count":1}]}
//   ]}
// A finding is matched by its file (as the run names it), match, game, code and message, so
// lines may move; `count` says how many identical findings are accepted.
import { readFileSync } from 'node:fs';
import type { AcceptedFinding } from '../report/select.js';
import type { Write } from '../report/reporter.js';
import { ioReason } from '../batch/outcome.js';
import { UsageError } from './common.js';

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

/** A baseline file → the accepted findings by file. */
export function readBaseline(path: string): Map<string, AcceptedFinding[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the baseline ${path}: ${ioReason(e)}`);
  }
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
  const byFile = new Map<string, AcceptedFinding[]>();
  for (const f of d.files as { file?: unknown; findings?: unknown }[]) {
    if (typeof f?.file !== 'string' || !Array.isArray(f.findings) || !f.findings.every(isAccepted)) {
      throw new UsageError(`${path} is not a baseline file written by --write-baseline (an entry is not of its form)`);
    }
    byFile.set(f.file, [...(byFile.get(f.file) ?? []), ...f.findings]);
  }
  return byFile;
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
