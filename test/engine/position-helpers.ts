// Positions for engine tests, written as { point: checkers } per side in each side's own numbering
// (25 = bar, 0 = off). Checkers not placed are borne off, so each side has 15.
import type { Position } from '../../src/engine/board.js';

export type SideSpec = Record<number, number>;

export function position(side0: SideSpec, side1: SideSpec, checkers = 15): Position {
  const make = (spec: SideSpec) => {
    const a = new Uint8Array(26);
    let placed = 0;
    for (const [p, n] of Object.entries(spec)) {
      a[Number(p)] = n;
      if (Number(p) !== 0) placed += n;
    }
    if (spec[0] === undefined) a[0] = checkers - placed;
    return a;
  };
  return { sides: [make(side0), make(side1)] };
}

export { readTsv } from '../../bench/gnubg/oracle-rows.js';
