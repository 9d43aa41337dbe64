// `--format ndjson` (one object per line) and `--format json` (one array of the same objects).
import type { MatchReport } from '../core/model.js';
import type { Sink, Write } from './reporter.js';

/** One JSON object per match, one per line, no final newline ('' for none). */
export function renderJsonLines(reports: MatchReport[]): string {
  return reports.map((r) => JSON.stringify(r)).join('\n');
}

/** Characters gathered into one part of a report's JSON. */
const PART = 64 * 1024;
/** A report with at most this many games and findings together is made in one piece. */
const SMALL = 64;

/**
 * One report's JSON line (JSON.stringify's text, the same bytes) in parts of about 64 KB: its
 * games and findings are written one at a time, so a match of a million games or findings is
 * never one string (past V8's longest string, or one allocation of a few hundred MB).
 */
export function renderJsonParts(r: MatchReport): string[] {
  // Most reports are small: one string, as JSON.stringify makes it (no pieces to hold).
  if (r.games.length + r.findings.length <= SMALL) return [JSON.stringify(r)];
  const parts: string[] = [];
  let pieces: string[] = [];
  let size = 0;
  const put = (text: string) => {
    pieces.push(text);
    size += text.length;
    if (size >= PART) {
      parts.push(pieces.join(''));
      pieces = [];
      size = 0;
    }
  };
  put('{');
  let first = true;
  for (const [key, value] of Object.entries(r)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    put(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if ((key === 'games' || key === 'findings') && Array.isArray(value)) {
      put('[');
      value.forEach((item: unknown, k) => put((k === 0 ? '' : ',') + (JSON.stringify(item) ?? 'null')));
      put(']');
    } else put(JSON.stringify(value));
  }
  put('}');
  if (pieces.length > 0) parts.push(pieces.join(''));
  return parts;
}

/**
 * What made a report, written once as its first record (an object whose one key is `bgaudit`,
 * where every other record is a match report with `file`): a stored report says which version,
 * command, paths and settings produced it.
 */
export interface RunRecord {
  bgaudit: { version: string; command: string; paths: string[]; settings: Record<string, unknown> };
}

export function ndjsonSink(write: Write, run?: RunRecord): Sink {
  if (run) write(JSON.stringify(run) + '\n');
  return {
    add: (lines) => {
      if (lines) write(lines + '\n');
    },
    piece: (text) => write(text),
    pieced: () => write('\n'),
    end: () => {},
  };
}

export function jsonSink(write: Write, run?: RunRecord): Sink {
  let first = true;
  if (run) {
    write('[\n' + JSON.stringify(run));
    first = false;
  }
  // A file's lines are its reports, one a line: in the array, a comma ends each but the last.
  const piece = (lines: string, firstPiece: boolean) => {
    write((firstPiece ? (first ? '[\n' : ',\n') : '') + lines.replace(/\n/g, ',\n'));
    first = false;
  };
  return {
    add(lines) {
      if (lines) piece(lines, true);
    },
    piece,
    pieced() {},
    end() {
      write(first ? '[]\n' : '\n]\n');
    },
  };
}
