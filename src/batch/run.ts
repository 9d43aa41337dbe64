// A whole run: discover the inputs, audit them (in process or across the pool), and feed the
// sinks in input order.
import type { AuditOptions } from '../scoring/audit.js';
import { addToSummary, emptySummary, type FileCounts, type OutputFormat, type Sink, type Summary } from '../report/reporter.js';
import { discover } from './discover.js';
import { runTasks } from './pool.js';
import type { FileTask } from './task.js';

export interface RunResult {
  summary: Summary;
  /** Paths named on the command line that do not exist or cannot be listed. */
  missing: { path: string; reason: string }[];
}

export interface AuditRun {
  jobs: number;
  maxFileSize: number;
  audit: AuditOptions;
  /** Where each format goes. */
  sinks: { format: OutputFormat; sink: Sink }[];
  /** text: show info findings too. */
  showInfo?: boolean;
  /** Told of each input once it is done: its counts, or null when it was skipped (progress). */
  onFileDone?: (counts: FileCounts | null) => void;
  /** Backpressure from the output: see `PoolOptions.outputDrained`. */
  outputDrained?: () => Promise<void> | null;
}

/** How many inputs the paths hold (a walk of the folders, nothing read): for the progress line. */
export function countInputs(paths: string[]): number {
  let n = 0;
  for (const item of discover(paths)) if (item.kind !== 'skipped') n++;
  return n;
}

export async function auditPaths(paths: string[], run: AuditRun): Promise<RunResult> {
  const summary = emptySummary();
  const missing: RunResult['missing'] = [];
  // Discovery streams into the audit: the file list of an archive is never held whole.
  function* tasks(): Generator<FileTask> {
    for (const item of discover(paths)) {
      if (item.kind === 'skipped') {
        summary.skipped++;
        continue;
      }
      if (item.kind === 'missing') {
        missing.push({ path: item.path, reason: item.reason });
        yield { path: item.path, sniff: false, missing: item.reason };
      } else yield { path: item.path, sniff: item.sniff };
    }
  }
  const formats = [...new Set(run.sinks.map((s) => s.format))];
  await runTasks(tasks(), {
    jobs: run.jobs,
    outputDrained: run.outputDrained,
    run: { audit: run.audit, maxFileSize: run.maxFileSize, render: { formats, showInfo: run.showInfo ?? false } },
    onOutcome: (o) => {
      if (o.skipped) summary.skipped++;
      else {
        addToSummary(summary, o.rendered.counts);
        for (const { format, sink } of run.sinks) sink.add(o.rendered.out[format] ?? '');
      }
      run.onFileDone?.(o.skipped ? null : o.rendered.counts);
    },
  });
  for (const { sink } of run.sinks) sink.end(summary);
  return { summary, missing };
}
