// Checked in src/engine/roll.ts, in a record that marks its hits with '*'.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'hit-marker',
  severities: ['warning'],
  moment: 'action',
  meaning: "a '*' where nothing is hit, or a hit without '*' in a record that marks hits",
  why: "A '*' where nothing is hit, or a hit left unmarked by a writer that marks hits, points at a move copied wrongly.",
  example: 'scoring/hit-marker.mat',
} as const satisfies FindingDeclaration;
