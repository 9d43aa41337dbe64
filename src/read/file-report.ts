// The report of a file that holds no readable match: every input is accounted for, with the
// finding that says why. Pure and light: the main thread builds these (timeouts, a worker lost)
// without loading the readers.
import type { FileReport, Finding } from '../core/model.js';

export function fileReport(file: string, format: FileReport['format'], findings: Finding[]): FileReport {
  return { file, match: null, format, players: null, length: null, rules: null, games: [], findings };
}
