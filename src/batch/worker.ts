// The pool's worker: a batch of files in, their reports out, as plain data.
import { auditFile, type FileOutcome, type FileTask, type RunOptions } from './task.js';

export interface Batch {
  tasks: FileTask[];
  options: RunOptions;
}

export default function auditBatch(batch: Batch): FileOutcome[] {
  const crashOn = process.env.BGAUDIT_TEST_CRASH_ON; // test-only: a worker that dies on this file
  const out: FileOutcome[] = [];
  for (const task of batch.tasks) {
    if (crashOn && task.path.includes(crashOn)) process.exit(70);
    out.push(auditFile(task, batch.options));
  }
  return out;
}
