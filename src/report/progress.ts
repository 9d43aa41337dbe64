// A progress line on stderr for long runs: files done / total, games, findings, rate, ETA.
// Only when stderr is a terminal; never on stdout.
import type { FileCounts, Write } from './reporter.js';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export interface Progress {
  /** One input is done: reported (with its counts) or skipped (null). */
  fileDone(counts: FileCounts | null): void;
  /** Wipes the line, so that output written to the same terminal starts clean. */
  clear(): void;
}

/** `total`: the inputs counted before the run (a walk of the folders). */
export function progressLine(write: Write, total: number, width = 24, now: () => number = Date.now): Progress {
  const started = now();
  let files = 0;
  let games = 0;
  let findings = 0;
  let lastDraw = 0;
  let drawn = false;
  const draw = (force: boolean) => {
    const t = now();
    if (!force && t - lastDraw < 100) return;
    lastDraw = t;
    const elapsed = (t - started) / 1000;
    const rate = elapsed > 0 ? files / elapsed : 0;
    // Files added to the folders after they were counted: the bar never runs past full.
    const shown = Math.max(total, files);
    const filled = shown > 0 ? Math.min(width, Math.round((files / shown) * width)) : 0;
    const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
    const eta = rate > 0 ? clock((shown - files) / rate) : '--:--';
    drawn = true;
    write(
      `\r[${bar}] ${files}/${shown} files, ${games} games, ${findings} findings, ${Math.round(rate)} files/s, ETA ${eta} `,
    );
  };
  return {
    fileDone(counts) {
      files++;
      if (counts) {
        games += counts.games;
        findings += counts.bySeverity.error + counts.bySeverity.warning + counts.bySeverity.info;
      }
      draw(files === total);
    },
    clear() {
      if (drawn) write('\r\x1b[K');
      drawn = false;
    },
  };
}
