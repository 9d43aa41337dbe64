// Runs the audit over discovered files and feeds the reporters, in input order.
import { readFile } from 'node:fs/promises';
import { checkFile, fileReport } from '../check.js';
import type { MatchReport } from '../model.js';
import type { AuditOptions } from '../scoring/audit.js';
import { addToSummary, emptySummary, type Reporter, type Summary } from '../report/reporter.js';
import { discover, looksLikeMatchContent } from './discover.js';

export interface RunResult {
  summary: Summary;
  /** Paths named on the command line that do not exist or cannot be listed. */
  missing: string[];
}

export function ioErrorReport(path: string, reason: string): MatchReport {
  return fileReport(path, null, [{ code: 'io-error', severity: 'error', message: `cannot read the file: ${reason}` }]);
}

export async function auditPaths(paths: string[], reporters: Reporter[], options: AuditOptions = {}): Promise<RunResult> {
  const summary = emptySummary();
  const missing: string[] = [];
  const emit = (reports: MatchReport[]) => {
    addToSummary(summary, reports);
    for (const r of reports) for (const rep of reporters) rep.report(r);
  };
  for await (const item of discover(paths)) {
    if (item.kind === 'skipped') {
      summary.skipped++;
      continue;
    }
    if (item.kind === 'missing') {
      missing.push(item.path);
      emit([ioErrorReport(item.path, item.reason)]);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = await readFile(item.path);
    } catch (e) {
      emit([ioErrorReport(item.path, (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'a folder' : (e as Error).message)]);
      continue;
    }
    if (item.sniff && !looksLikeMatchContent(bytes)) {
      summary.skipped++;
      continue;
    }
    emit(checkFile(bytes, item.path, options));
  }
  for (const rep of reporters) rep.end(summary);
  return { summary, missing };
}
