// `--format ndjson` (one object per line) and `--format json` (one array of the same objects).
import type { MatchReport } from '../model.js';
import type { Sink, Write } from './reporter.js';

/** One JSON object per match, one per line, no final newline ('' for none). */
export function renderJsonLines(reports: MatchReport[]): string {
  return reports.map((r) => JSON.stringify(r)).join('\n');
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
