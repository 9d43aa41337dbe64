// Checked in src/scoring/cube.ts against the cube's owner and the moment of the turn.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'cube-out-of-turn',
  severities: ['error'],
  moment: 'action',
  meaning: 'a double by the player who does not own the cube, or after rolling',
  why: 'Only the player who owns the cube (or anybody, while it is centred) may double, and only before rolling: a double out of turn changes the points the game is worth.',
  example: 'scoring/cube-out-of-turn.mat',
} as const satisfies FindingDeclaration;
