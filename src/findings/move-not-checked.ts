// Told by src/engine/roll.ts where a record writes '???' or 'Illegal play' instead of a move.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'move-not-checked',
  severities: ['warning'],
  moment: 'action',
  meaning: "'???' or 'Illegal play' mid-game: the game is not replayed past it",
  why: "Some writers put '???' or 'Illegal play' where they lost a move; the rest of that game cannot be replayed, and the result is taken as recorded.",
  example: 'scoring/move-not-checked.mat',
} as const satisfies FindingDeclaration;
