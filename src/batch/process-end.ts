// What a run leaves on disk while it works (its spool folder, outputs not yet renamed into place)
// is removed however the process ends: when it exits (a closed stdout, a failed write) and when a
// signal that ends it by default arrives; what a run killed outright left, by the next run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The signals that end a process by default and that a process can catch. (SIGPIPE is ignored
 * by Node: a closed stdout is an EPIPE error, and that exit cleans up.)
 */
const ENDING_SIGNALS: readonly NodeJS.Signals[] =
  process.platform === 'win32' ? ['SIGINT', 'SIGTERM'] : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGALRM'];

/**
 * Calls `clean` when the process exits or an ending signal arrives, until the returned function
 * is called. On a signal the signal is raised again once `clean` is done, so the process ends as it
 * would have (exit 130 for SIGINT), unless another listener of the signal is left to decide.
 */
export function cleanWhenProcessEnds(clean: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    clean();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const stop = () => {
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
    process.off('exit', clean);
  };
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  process.on('exit', clean);
  return stop;
}

/**
 * Removes what runs that ended before they could remove it left in `dir`: each entry whose name
 * `pattern` matches, its `pid` group a process that is gone (not this one), and that `ours` says
 * is of the kind the caller makes (`ours` removes it). Nothing but the end of the process stops a
 * run whose worker V8 itself aborted, or one killed: the next run removes what it left.
 */
export function removeLeftBy(
  dir: string,
  pattern: RegExp,
  remove: (path: string, match: RegExpExecArray) => void,
): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = pattern.exec(name);
    const pid = Number(m?.groups?.pid);
    if (m === null || !(pid > 0) || pid === process.pid || alive(pid)) continue;
    try {
      remove(join(dir, name), m);
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/** Whether process `pid` still runs (a process of another user counts as running). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user has the number; it is alive.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
