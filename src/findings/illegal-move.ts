// Checked in src/engine/roll.ts: each recorded play against its roll and the board the record
// makes.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'illegal-move',
  severities: ['error'],
  moment: 'action',
  meaning: 'a move the rules forbid',
  why: 'A move the dice or the board do not allow means the record is not the game that was played: a transcription slip, an edited file or a broken writer. Later lines are judged against the board the record itself makes.',
  example: 'scoring/illegal-move.mat',
} as const satisfies FindingDeclaration;
