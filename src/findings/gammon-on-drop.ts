// Checked in src/scoring/points.ts, the result of a game ended by a drop.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'gammon-on-drop',
  severities: ['error'],
  moment: 'end',
  meaning: 'more than the cube recorded for a dropped double',
  why: 'A dropped double is worth the cube before the double, never a gammon: a classic slip that moves the score by a game or more.',
  example: 'scoring/gammon-on-drop.mat',
  fix: "The result's points are rewritten to the cube before the refused double, in the record's own `point`/`points` (SGF: the number of `RE`), where one value fits.",
} as const satisfies FindingDeclaration;
