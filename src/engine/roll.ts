// One roll of a game played on the board: the recorded move checked and applied, the hit marks
// compared with the hits, and whether the replay can go on past it.
import type { FindingCode, SeverityOf } from '../core/findings.js';
import type { Action, RollAction } from '../core/model.js';
import { OFF, type Position } from './board.js';
import { bestPlay, mostDiceUsable, type Steps } from './dice.js';
import { type MoveScratch, type Segment, playRecorded, searchOf, segmentsOf } from './moves.js';
import { int8At } from '../core/at.js';

/** Where a roll's findings go: the replay adds the game and the action's place. */
export type Report = <C extends FindingCode>(code: C, severity: SeverityOf<C>, a: Action, message: string) => void;

export function rollName(a: RollAction): string {
  return `${a.dice[0]}${a.dice[1]}`;
}

/**
 * Plays one roll with the typed arrays of `work`; 'stop' when the replay cannot go on past it,
 * 'illegal' when it found the move illegal and made it as recorded (`work.before` holds the
 * board before it).
 * `lastBeforeResult`: the last roll before a result or an unreadable end, which the player may
 * have left unplayed (rolled, then resigned).
 */
export function playRoll(
  pos: Position,
  a: RollAction,
  lastBeforeResult: boolean,
  marksHits: boolean,
  report: Report,
  work: MoveScratch,
): 'ok' | 'illegal' | 'stop' {
  const d1 = a.dice[0];
  const d2 = a.dice[1];
  if (a.marker === 'unknown' || a.marker === 'illegal-play') {
    if (lastBeforeResult) return 'ok'; // rolled, then resigned: XG writes `???`
    const what =
      a.marker === 'unknown' ? "'???' (the move is not recorded)" : "'Illegal play' (a position set by the writer)";
    report('move-not-checked', 'warning', a, `the record has ${what}; the game is not replayed past this roll`);
    return 'stop';
  }
  const segs = segmentsOf(a.moves, work.segments, work.segmentPool);
  if (segs.length === 0) {
    const search = searchOf(work);
    if (mostDiceUsable(pos, a.side, d1, d2, search) === 0) return 'ok';
    if (lastBeforeResult) return 'ok'; // rolled, then resigned instead of moving
    report('illegal-move', 'error', a, `${rollName(a)} with no move, but ${bestPlay(search)} was possible`);
    work.before.sides[0].set(pos.sides[0]);
    work.before.sides[1].set(pos.sides[1]);
    return 'illegal';
  }
  const result = playRecorded(pos, a.side, d1, d2, segs, work);
  if (result.kind === 'unplayable') {
    // The cause first; then, when it is another, why the move cannot be made even as written.
    const asWritten = result.board === result.reason ? '' : ` even as written (${result.board})`;
    report(
      'illegal-move',
      'error',
      a,
      `${rollName(a)}: ${result.reason}; the move cannot be made on this board${asWritten}, so the game is not replayed further`,
    );
    return 'stop';
  }
  if (result.kind === 'illegal') {
    report('illegal-move', 'error', a, `${rollName(a)}: ${result.reason}`);
    return 'illegal';
  }
  checkHitMarks(a, segs, work.steps, marksHits, report);
  return 'ok';
}

/** Points where the play (`steps`) hit, compared with the points the record marks with `*` (bit masks by point). */
function checkHitMarks(a: RollAction, segs: Segment[], steps: Steps, marksHits: boolean, report: Report): void {
  let hitMask = 0;
  for (let k = 0; k < steps.length; k++) {
    if (steps.hit[k] === 1) hitMask |= 1 << (int8At(steps.from, k) - int8At(steps.die, k));
  }
  let markMask = 0;
  let endMask = 0;
  for (const seg of segs) {
    if (seg.to === OFF) continue;
    endMask |= 1 << seg.to;
    if (seg.hitMarked) markMask |= 1 << seg.to;
  }
  // Hits on the way of a combined move (`13/6` through a blot on 9) cannot carry a `*`.
  const markedNoHit = markMask & ~hitMask;
  const hitUnmarked = marksHits ? hitMask & endMask & ~markMask : 0;
  if ((markedNoHit | hitUnmarked) === 0) return;
  for (let p = 1; p <= 24; p++) {
    const bit = 1 << p;
    if (markedNoHit & bit) report('hit-marker', 'warning', a, `'*' on point ${p}, but no checker is hit there`);
    else if (hitUnmarked & bit)
      report('hit-marker', 'warning', a, `the move hits on point ${p} without the '*' this record uses elsewhere`);
  }
}
