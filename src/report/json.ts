// `--format json` (one array) and `--format ndjson` (one object per line), streamed.
import type { MatchReport } from '../model.js';
import type { Reporter, Summary, Write } from './reporter.js';

export function ndjsonReporter(write: Write): Reporter {
  return {
    report: (r: MatchReport) => write(JSON.stringify(r) + '\n'),
    end: () => {},
  };
}

export function jsonReporter(write: Write): Reporter {
  let first = true;
  return {
    report(r: MatchReport) {
      write((first ? '[\n' : ',\n') + JSON.stringify(r));
      first = false;
    },
    end(_summary: Summary) {
      write(first ? '[]\n' : '\n]\n');
    },
  };
}
