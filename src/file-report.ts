// The report of a file that holds no readable match: every input is accounted for, with the
// finding that says why. Pure and light: the main thread builds these (timeouts, a worker lost)
// without loading the readers.
import type { Finding, MatchReport } from './model.js';

export function fileReport(file: string, format: MatchReport['format'], findings: Finding[]): MatchReport {
  return { file, match: null, format, players: null, length: null, rules: null, games: [], findings };
}
