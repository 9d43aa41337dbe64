// Checked by the readers through src/core/limits.ts and by src/engine/replay.ts (the cube); the
// info one by src/scoring/audit.ts.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'number-out-of-range',
  severities: ['error', 'info'],
  moment: 'action',
  meaning: 'a number past what it can mean (error); a game state a Match ID cannot hold (info)',
  why: 'A number past what it can mean (a match to 100,000 points, a cube of 2^40) is a corrupt record; one a Match ID cannot hold is only told.',
  example: 'scoring/number-out-of-range.mat',
} as const satisfies FindingDeclaration;
