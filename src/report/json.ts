// `--format ndjson` (one object per line) and `--format json` (one array of the same objects).
import type { MatchReport } from '../model.js';
import type { Sink, Write } from './reporter.js';

/** One JSON object per match, one per line, no final newline ('' for none). */
export function renderJsonLines(reports: MatchReport[]): string {
  return reports.map((r) => JSON.stringify(r)).join('\n');
}

export function ndjsonSink(write: Write): Sink {
  return {
    add: (lines) => {
      if (lines) write(lines + '\n');
    },
    end: () => {},
  };
}

export function jsonSink(write: Write): Sink {
  let first = true;
  return {
    add(lines) {
      if (!lines) return;
      write((first ? '[\n' : ',\n') + lines.replace(/\n/g, ',\n'));
      first = false;
    },
    end() {
      write(first ? '[]\n' : '\n]\n');
    },
  };
}
