// What every output format implements; the run feeds it reports in input order.
import type { MatchReport, Severity } from '../model.js';

export interface Summary {
  files: number;
  /** Files in walked folders that were not match files. */
  skipped: number;
  matches: number;
  games: number;
  bySeverity: Record<Severity, number>;
  byCode: Record<string, number>;
}

export interface Reporter {
  report(r: MatchReport): void;
  end(summary: Summary): void;
}

export function emptySummary(): Summary {
  return { files: 0, skipped: 0, matches: 0, games: 0, bySeverity: { error: 0, warning: 0, info: 0 }, byCode: {} };
}

/** Counts one file's reports into the summary. */
export function addToSummary(summary: Summary, reports: MatchReport[]): void {
  summary.files++;
  for (const r of reports) {
    if (r.match !== null) summary.matches++;
    summary.games += r.games.length;
    for (const f of r.findings) {
      summary.bySeverity[f.severity]++;
      summary.byCode[f.code] = (summary.byCode[f.code] ?? 0) + 1;
    }
  }
}

export type Write = (text: string) => void;
