// One checker's move from a recorded move (`8/5*` of `8/5*/1`): its own module, so that the
// player of recorded moves (moves.ts) and the reader of their causes (cause.ts) share it without
// importing each other.

export interface Segment {
  from: number;
  to: number;
  /** The record marks a hit (`*`) at `to`. */
  hitMarked: boolean;
}
