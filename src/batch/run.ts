// A whole run: discover the inputs, audit them (in process or across the pool), and feed the
// reporters in input order.
import type { MatchReport } from '../model.js';
import { addToSummary, emptySummary, type Reporter, type Summary } from '../report/reporter.js';
import { discover } from './discover.js';
import { runTasks } from './pool.js';
import type { FileTask, RunOptions } from './task.js';

export interface RunResult {
  summary: Summary;
  /** Paths named on the command line that do not exist or cannot be listed. */
  missing: string[];
}

export interface AuditRun extends RunOptions {
  jobs: number;
  /** Told of each input once it is done, reported or skipped (progress). */
  onFileDone?: () => void;
  /** Told the number of inputs once discovery is over. */
  onTotal?: (files: number) => void;
}

export async function auditPaths(paths: string[], reporters: Reporter[], run: AuditRun): Promise<RunResult> {
  const summary = emptySummary();
  const missing: string[] = [];
  const tasks: FileTask[] = [];
  for await (const item of discover(paths)) {
    if (item.kind === 'skipped') summary.skipped++;
    else if (item.kind === 'missing') {
      missing.push(item.path);
      tasks.push({ path: item.path, sniff: false, missing: item.reason });
    } else tasks.push({ path: item.path, sniff: item.sniff });
  }
  run.onTotal?.(tasks.length);
  const emit = (reports: MatchReport[]) => {
    addToSummary(summary, reports);
    for (const r of reports) for (const rep of reporters) rep.report(r);
  };
  await runTasks(tasks, {
    jobs: run.jobs,
    run: { audit: run.audit, maxFileSize: run.maxFileSize },
    onOutcome: (o) => {
      if (o.skipped) summary.skipped++;
      else emit(o.reports);
      run.onFileDone?.();
    },
  });
  for (const rep of reporters) rep.end(summary);
  return { summary, missing };
}
