// Checked in src/engine/replay.ts: an action after the game's end (a drop, the last checker borne
// off).
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'play-after-end',
  severities: ['error'],
  moment: 'action',
  meaning: 'the record goes on after the game ended',
  why: 'Moves after the last checker is borne off were not played: the game ended earlier than the record says.',
  example: 'scoring/play-after-end.mat',
} as const satisfies FindingDeclaration;
