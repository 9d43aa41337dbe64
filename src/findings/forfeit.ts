// Told by src/scoring/points.ts, which credits the points the forfeit gives.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'forfeit',
  severities: ['info'],
  moment: 'end',
  meaning: 'a player forfeits the match: the opponent is credited the points still needed',
  why: 'A player who leaves a match forfeits it; the opponent is credited the points still needed, and the record says so. Told so that the match is not taken for one played out.',
  example: 'accuracy/forfeit-galaxy-after-one-roll.mat',
} as const satisfies FindingDeclaration;
