// Checked in src/engine/replay.ts, which pairs each double with its take or drop.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'cube-response',
  severities: ['error', 'warning'],
  moment: 'action',
  meaning: 'a take or drop with no double to answer (error); a double with no answer (warning)',
  why: 'A take or a drop with no double before it, or a double nobody answered, leaves the cube value of the game in doubt, and with it the points.',
  example: 'scoring/cube-response.mat',
} as const satisfies FindingDeclaration;
